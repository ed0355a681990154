"""`python -m scorekeeper` runs the `vicaire` command."""

from scorekeeper.cli import main

raise SystemExit(main())
