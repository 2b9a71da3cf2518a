# p4slice — the two commands a newcomer needs (see README.md):
#   make demo   build everything (the .oar) and run the richest demo this machine supports
#   make test   run every test: Maven (unit, P4Info <-> constants, stamps, ONOS translation) and the
#               mininet-tests suite (pure-Python tests everywhere; bmv2 tests where simple_switch_grpc is)
#   make test-onos  build the .oar, then run the L3 suite (the .oar in a real ONOS 2.7 with two bmv2;
#               see mininet-tests/README.md; skipped with the reason where ONOS/bmv2/root are missing) and
#               the Tofino push test (ONOS 2.7 -> Tofino stand-ins; skipped where ONOS/protoc/bf.proto are);
#               both always run and it fails if either fails (docs/testing.md)
#   make test-cluster  build the .oar, then run the cluster drills (three ONOS nodes on three Atomix nodes;
#               mininet-tests/README.md; not part of make test)
.PHONY: demo test test-onos test-cluster build clean p4

MVN ?= mvn -B

build:
	$(MVN) install -DskipTests

demo: build
	./scripts/demo.sh

test:
	$(MAKE) -C p4src check check-tofino
	$(MVN) verify
	$(MAKE) -C mininet-tests test-all

# both suites always run; the target fails if either fails
test-onos: build
	@rc=0; \
	$(MAKE) -C mininet-tests test-onos || rc=1; \
	$(MAKE) -C mininet-tests test-tofino || rc=1; \
	exit $$rc

test-cluster: build
	$(MAKE) -C mininet-tests test-cluster

p4:
	$(MAKE) -C p4src

clean:
	$(MVN) clean
	$(MAKE) -C mininet-tests clean
