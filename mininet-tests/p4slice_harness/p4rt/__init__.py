"""The P4Runtime client: :mod:`.encoding` (values <-> P4Runtime bytes), :mod:`.p4info` (P4Info by name
or alias), :mod:`.entities` (pure entity builders), :mod:`.client` (:class:`~.client.P4RuntimeClient`,
the gRPC client), :mod:`.status` (write errors decoded per update), :mod:`.install` (a plan written to
switches, and removed)."""
