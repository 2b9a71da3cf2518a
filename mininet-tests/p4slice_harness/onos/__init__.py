"""The ONOS lab: :mod:`.rest` (the one REST client and slice-request builder), :mod:`.netcfg` (the one
netcfg builder of a scenario), :mod:`.driver` (a scenario deployed through ONOS), :mod:`.karaf` (an ONOS
2.7.0 installation in its release layout, run with Karaf's scripts), :mod:`.assembly` (that ONOS:
start/stop, apps, ``.oar``, CLI, karaf.log), :mod:`.lock` (one lab per installation),
:mod:`.wait` (bounded waits on ONOS state), :mod:`.topology` (the L3 lab's two switches and five
hosts), :mod:`.lab` (:class:`~.lab.OnosLab`, what the L3 suite and the ONOS bench run in)."""
