"""``python -m p4slice_harness.mn``: the runner (:mod:`.runner`)."""

from .runner import main

raise SystemExit(main())
