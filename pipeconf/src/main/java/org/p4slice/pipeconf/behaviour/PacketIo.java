/*
 * Copyright 2026-present p4slice contributors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package org.p4slice.pipeconf.behaviour;

import com.google.common.collect.ImmutableList;
import org.onlab.packet.DeserializationException;
import org.onlab.packet.Ethernet;
import org.onlab.util.ImmutableByteSequence;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Port;
import org.onosproject.net.PortNumber;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.flow.instructions.Instruction;
import org.onosproject.net.flow.instructions.Instructions.OutputInstruction;
import org.onosproject.net.packet.DefaultInboundPacket;
import org.onosproject.net.packet.InboundPacket;
import org.onosproject.net.packet.OutboundPacket;
import org.onosproject.net.pi.model.PiPacketOperationType;
import org.onosproject.net.pi.model.PiPipelineInterpreter.PiInterpreterException;
import org.onosproject.net.pi.runtime.PiPacketMetadata;
import org.onosproject.net.pi.runtime.PiPacketOperation;

import java.nio.ByteBuffer;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

import static java.lang.String.format;
import static org.p4slice.pipeconf.P4SliceConstants.CONTROLLER_HEADER_PAD;
import static org.p4slice.pipeconf.P4SliceConstants.CONTROLLER_HEADER_PAD_BITWIDTH;
import static org.p4slice.pipeconf.P4SliceConstants.EGRESS_PORT;
import static org.p4slice.pipeconf.P4SliceConstants.INGRESS_PORT;
import static org.p4slice.pipeconf.P4SliceConstants.PORT_BITWIDTH;

/**
 * Packet-in / packet-out of the p4slice pipeline: the controller headers {@code packet_in}
 * ({@code ingress_port}) and {@code packet_out} ({@code egress_port}), each padded to 16 bits.
 */
final class PacketIo {

    /** Largest port number the 9-bit controller header fields can carry. */
    static final long MAX_PORT = (1L << PORT_BITWIDTH) - 1;

    private PacketIo() {
        // static helper
    }

    /**
     * Maps an ONOS packet-out to P4Runtime packet-outs: one per OUTPUT to a switch port; OUTPUT
     * FLOOD becomes one per enabled port of the device except the packet's in-port, if known
     * (the pipeline sends a packet-out as is to {@code egress_port}, it has no flood of its own
     * for packets of no slice).
     *
     * @param packet  ONOS outbound packet
     * @param devices device service, asked for the ports only when flooding
     * @return packet-out operations, in the order of the instructions
     * @throws PiInterpreterException if an instruction is not an OUTPUT to a switch port or FLOOD
     */
    static Collection<PiPacketOperation> packetOuts(OutboundPacket packet, Supplier<DeviceService> devices)
            throws PiInterpreterException {
        List<Instruction> instructions = packet.treatment().allInstructions();
        if (instructions.stream().noneMatch(i -> i.type() == Instruction.Type.OUTPUT)) {
            throw new PiInterpreterException(format(
                    "packet-out to %s has no OUTPUT instruction: %s", packet.sendThrough(), instructions));
        }
        ImmutableList.Builder<PiPacketOperation> operations = ImmutableList.builder();
        for (Instruction instruction : instructions) {
            if (instruction.type() != Instruction.Type.OUTPUT) {
                throw new PiInterpreterException(format(
                        "packet-out to %s: instruction %s is not supported, only OUTPUT to a port or FLOOD",
                        packet.sendThrough(), instruction));
            }
            PortNumber port = ((OutputInstruction) instruction).port();
            if (port.equals(PortNumber.FLOOD)) {
                for (PortNumber floodPort : floodPorts(packet, devices.get())) {
                    operations.add(packetOut(packet, floodPort.toLong()));
                }
            } else if (port.isLogical()) {
                throw new PiInterpreterException(format(
                        "packet-out to %s: OUTPUT to logical port %s is not supported, only to a port or FLOOD",
                        packet.sendThrough(), port));
            } else {
                operations.add(packetOut(packet, port.toLong()));
            }
        }
        return operations.build();
    }

    private static List<PortNumber> floodPorts(OutboundPacket packet, DeviceService devices) {
        PortNumber inPort = packet.inPort();
        ImmutableList.Builder<PortNumber> ports = ImmutableList.builder();
        for (Port port : devices.getPorts(packet.sendThrough())) {
            PortNumber number = port.number();
            if (port.isEnabled() && !number.isLogical() && !number.equals(inPort)) {
                ports.add(number);
            }
        }
        return ports.build();
    }

    private static PiPacketOperation packetOut(OutboundPacket packet, long port) throws PiInterpreterException {
        if (port < 0 || port > MAX_PORT) {
            throw new PiInterpreterException(format(
                    "packet-out to %s: port %d does not fit the %d-bit %s metadata",
                    packet.sendThrough(), port, PORT_BITWIDTH, EGRESS_PORT));
        }
        return PiPacketOperation.builder()
                .withType(PiPacketOperationType.PACKET_OUT)
                .withData(ImmutableByteSequence.copyFrom(packet.data().duplicate()))
                .withMetadata(PiPacketMetadata.builder()
                        .withId(EGRESS_PORT)
                        .withValue(fit(port, PORT_BITWIDTH))
                        .build())
                .withMetadata(PiPacketMetadata.builder()
                        .withId(CONTROLLER_HEADER_PAD)
                        .withValue(ImmutableByteSequence.ofZeros(bytes(CONTROLLER_HEADER_PAD_BITWIDTH)))
                        .build())
                .build();
    }

    /**
     * Maps a P4Runtime packet-in to an ONOS inbound packet received on the port given by the
     * {@code ingress_port} metadata.
     *
     * @param packetIn packet-in operation
     * @param deviceId device it came from
     * @return inbound packet with the Ethernet frame parsed
     * @throws PiInterpreterException if the operation is not a packet-in, has no
     *                                {@code ingress_port} or does not hold an Ethernet frame
     */
    static InboundPacket inbound(PiPacketOperation packetIn, DeviceId deviceId) throws PiInterpreterException {
        if (packetIn.type() != PiPacketOperationType.PACKET_IN) {
            throw new PiInterpreterException(format(
                    "expected a packet-in from %s, got a %s", deviceId, packetIn.type()));
        }
        Optional<PiPacketMetadata> ingressPort = packetIn.metadatas().stream()
                .filter(m -> m.id().equals(INGRESS_PORT))
                .findFirst();
        if (ingressPort.isEmpty()) {
            throw new PiInterpreterException(format(
                    "packet-in from %s has no %s metadata: %s", deviceId, INGRESS_PORT, packetIn));
        }
        long port = unsigned(ingressPort.get().value());
        byte[] frame = packetIn.data().asArray();
        Ethernet ethernet;
        try {
            ethernet = Ethernet.deserializer().deserialize(frame, 0, frame.length);
        } catch (DeserializationException | RuntimeException e) {
            throw new PiInterpreterException(format(
                    "packet-in from %s port %d is not an Ethernet frame: %s", deviceId, port, e.getMessage()));
        }
        return new DefaultInboundPacket(new ConnectPoint(deviceId, PortNumber.portNumber(port)),
                ethernet, ByteBuffer.wrap(frame));
    }

    private static long unsigned(ImmutableByteSequence value) throws PiInterpreterException {
        byte[] bytes = value.asArray();
        long result = 0;
        for (byte b : bytes) {
            if ((result >>> 55) != 0) {
                throw new PiInterpreterException(format("%s value %s is too large", INGRESS_PORT, value));
            }
            result = (result << 8) | (b & 0xff);
        }
        return result;
    }

    private static ImmutableByteSequence fit(long value, int bits) throws PiInterpreterException {
        try {
            return ImmutableByteSequence.copyFrom(value).fit(bits);
        } catch (ImmutableByteSequence.ByteSequenceTrimException e) {
            throw new PiInterpreterException(format("value %d does not fit %d bits", value, bits));
        }
    }

    private static int bytes(int bits) {
        return (bits + 7) / 8;
    }
}
