/*
 * cairn_cmd - the subcommands of `cairn` (cairn(1)), each defined
 * in the file of its name (cairn_cmd_solve() in cairn_cmd_solve.c).
 * Each takes the argv that starts with its own name and returns the
 * process's exit code.
 */
#ifndef CAIRN_CMD_H
#define CAIRN_CMD_H

int cairn_cmd_solve(int argc, char **argv);
int cairn_cmd_plugins(int argc, char **argv);
int cairn_cmd_grade(int argc, char **argv);
int cairn_cmd_report(int argc, char **argv);
int cairn_cmd_submit(int argc, char **argv);
int cairn_cmd_check(int argc, char **argv);
int cairn_cmd_generate(int argc, char **argv);
int cairn_cmd_regrade(int argc, char **argv);
int cairn_cmd_status(int argc, char **argv);

#endif
