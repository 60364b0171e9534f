"""``python -m canasta``: the same command line as the ``canasta`` script.

Ctrl-C while the command line is still being imported ends it as quietly as
Ctrl-C during a command does (exit code 130, no traceback).
"""

try:
    from canasta.cli.main import main
except KeyboardInterrupt:
    raise SystemExit(130) from None

raise SystemExit(main())
