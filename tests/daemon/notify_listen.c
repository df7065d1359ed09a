/*
 * notify_listen - a stand-in for systemd's notification socket in tests.
 *
 * Binds a datagram socket at ADDRESS (a path, or "@name" for the abstract
 * namespace), prints "LISTENING", then prints every datagram received as
 * one line (newlines inside a datagram shown as '|'), flushing each, until
 * a datagram holds STOPPING=1 or nothing arrives for TIMEOUT seconds.
 */
#include "config.h"

#include <poll.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	struct sockaddr_un sa;
	socklen_t len;
	char buf[4096];
	int fd, timeout;

	if (argc != 3) {
		fprintf(stderr, "usage: notify_listen ADDRESS TIMEOUT\n");
		return 2;
	}
	timeout = atoi(argv[2]);
	memset(&sa, 0, sizeof(sa));
	sa.sun_family = AF_UNIX;
	if (strlen(argv[1]) >= sizeof(sa.sun_path)) {
		fprintf(stderr, "notify_listen: address too long\n");
		return 2;
	}
	memcpy(sa.sun_path, argv[1], strlen(argv[1]));
	len = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + strlen(argv[1]));
	if (sa.sun_path[0] == '@')
		sa.sun_path[0] = '\0';
	fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (fd < 0 || bind(fd, (struct sockaddr *)&sa, len) < 0) {
		perror("notify_listen");
		return 1;
	}
	printf("LISTENING\n");
	fflush(stdout);
	for (;;) {
		struct pollfd p = { fd, POLLIN, 0 };
		ssize_t n;

		if (poll(&p, 1, timeout * 1000) <= 0)
			return 1;
		n = recv(fd, buf, sizeof(buf) - 1, 0);
		if (n < 0)
			continue;
		buf[n] = '\0';
		for (ssize_t i = 0; i < n; i++)
			if (buf[i] == '\n')
				buf[i] = '|';
		printf("%s\n", buf);
		fflush(stdout);
		if (strstr(buf, "STOPPING=1") != NULL)
			return 0;
	}
}
