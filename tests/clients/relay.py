#!/usr/bin/env python3
"""relay.py - a slow link on loopback, for a client that has no rate option.

    relay.py TARGET_PORT RATE PORT_FILE

Listens on 127.0.0.1 on a free port, writes that port to PORT_FILE once it
listens (so a caller waits for the file, not for a time), and forwards each
connection to 127.0.0.1:TARGET_PORT.  Bytes from the client to the server
are paced to RATE bytes per second, per connection (what an upload over a
slow link looks like to the server); replies go back unpaced.  Only
loopback is ever used.  Runs until killed.
"""
import os
import socket
import sys
import threading
import time

CHUNK = 4096


def pump(src, dst, rate):
    """Copy src to dst until either end closes; at most rate bytes/s if rate."""
    start = time.monotonic()
    sent = 0
    try:
        while True:
            data = src.recv(CHUNK)
            if not data:
                break
            dst.sendall(data)
            sent += len(data)
            if rate:
                ahead = sent / rate - (time.monotonic() - start)
                if ahead > 0:
                    time.sleep(ahead)
    except OSError:
        pass
    for s, how in ((dst, socket.SHUT_WR), (src, socket.SHUT_RD)):
        try:
            s.shutdown(how)
        except OSError:
            pass


def serve(client, target, rate):
    """One connection: two pumps, then both sockets closed."""
    try:
        server = socket.create_connection(("127.0.0.1", target))
    except OSError:
        client.close()
        return
    up = threading.Thread(target=pump, args=(client, server, rate), daemon=True)
    up.start()
    pump(server, client, 0)
    up.join()
    client.close()
    server.close()


def main():
    target, rate, port_file = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    lsock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    lsock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    lsock.bind(("127.0.0.1", 0))
    lsock.listen(16)
    with open(port_file + ".new", "w") as f:
        f.write("%d\n" % lsock.getsockname()[1])
    # renamed, so a reader never sees a half-written port
    os.rename(port_file + ".new", port_file)
    while True:
        client, _ = lsock.accept()
        threading.Thread(target=serve, args=(client, target, rate), daemon=True).start()


if __name__ == "__main__":
    main()
