# p4slice — the two commands a newcomer needs (see README.md):
#   make demo   build everything (the .oar) and run the richest demo this machine supports
#   make test   run every test: Maven (unit, P4Info <-> constants, stamps, ONOS translation) and the
#               mininet-tests suite (pure-Python tests everywhere; bmv2 tests where simple_switch_grpc is)
.PHONY: demo test build clean p4

MVN ?= mvn -B

build:
	$(MVN) install -DskipTests

demo: build
	./scripts/demo.sh

test:
	$(MVN) verify
	$(MAKE) -C mininet-tests test-all

p4:
	$(MAKE) -C p4src

clean:
	$(MVN) clean
	$(MAKE) -C mininet-tests clean
