"""``python -m p4slice_harness.net.mn``: the runner (:mod:`.runner`)."""

from .runner import main

raise SystemExit(main())
