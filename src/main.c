/* main.c: optle's entry point; the command line lives in cli.c. */
#include "cli.h"

int main(int argc, char **argv) { return cli_main(argc, argv); }
