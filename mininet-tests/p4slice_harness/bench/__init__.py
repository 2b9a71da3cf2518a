"""Benchmarks: :mod:`.dataplane` (p4slice vs ONOS's basic.p4 vs plain forwarding, ``make bench``),
:mod:`.programs` (the benched programs and their entries), :mod:`.profile` (instructions per packet
under callgrind, ``make bench-profile``), :mod:`.fairness` (four slices at load, ``make
bench-fairness``), :mod:`.onos` (figures in a real ONOS, ``make bench-onos``), :mod:`.calibrate` (the
loss-free-rate search)."""
