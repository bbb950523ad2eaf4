"""``python -m companion.cli …``: the same as the ``companion`` command."""

import sys

from companion.cli.entry import main

sys.exit(main())
