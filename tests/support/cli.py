"""Test support: a test script's command line. Each script declares its arguments with
argparse through `parser`, so that `--help` prints the script's docstring and a wrong call
names what is missing, the same way in every script."""
import argparse
import sys


def parser(doc):
    """An ArgumentParser whose help is `doc` (the script's docstring) as written."""
    return argparse.ArgumentParser(description=doc,
                                   formatter_class=argparse.RawDescriptionHelpFormatter)


def parse_with_command(parser, argv=None):
    """Parses the arguments before the first `--`; what follows it (a command line of its own,
    left untouched) is returned as the list `command` of the result."""
    argv = sys.argv[1:] if argv is None else argv
    cut = argv.index("--") if "--" in argv else len(argv)
    args = parser.parse_args(argv[:cut])
    args.command = argv[cut + 1:]
    return args
