"""``python -m canasta``: the same command line as the ``canasta`` script."""

from canasta.cli.main import main

raise SystemExit(main())
