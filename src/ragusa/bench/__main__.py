"""`python -m ragusa.bench`: the benchmark."""

import sys

from ragusa.bench import main

sys.exit(main())
