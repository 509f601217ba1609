package io.lockchaos.checker.model;

import io.lockchaos.checker.history.Operation;
import io.lockchaos.checker.history.Value;
import java.util.Optional;

/**
 * A register with compare-and-set, initially absent ({@code nil}), read as Porcupine's etcd
 * tests read Jepsen's etcd histories:
 *
 * <ul>
 *   <li>{@code :ok :read v} returns the current value ({@code nil}: absent);
 *       {@code :ok :write v} sets it; {@code :ok :cas [from to]} is legal only when the
 *       register holds {@code from}, and sets {@code to}.</li>
 *   <li>{@code :fail :cas [from to]} is a completed cas whose compare did not match: legal
 *       only when the register does not hold {@code from}, and it changes nothing. It is
 *       kept, not dropped, so it still constrains the history (Knossos drops it instead).</li>
 *   <li>{@code :fail :read} (the corpus's {@code :timed-out}) is a read whose result is
 *       unknown. Such a read is legal anywhere and changes nothing, so it is dropped, which
 *       is equivalent. A {@code :fail :write} did not happen and is dropped.</li>
 *   <li>An indeterminate write or cas takes its invocation's value and may take effect at
 *       any point after its invocation, or never; an indeterminate cas sets {@code to}
 *       exactly when the compare matches. An indeterminate read is dropped.</li>
 * </ul>
 */
public final class CasRegisterModel implements Model<Value, RegisterCall> {

    @Override
    public String name() {
        return "cas-register";
    }

    @Override
    public Value init() {
        return Value.NIL;
    }

    @Override
    public Optional<RegisterCall> prepare(Operation operation) {
        switch (operation.f()) {
            case "read":
                return operation.isOk() ? Optional.of(new RegisterCall.Read(operation.output()))
                        : Optional.empty();
            case "write":
                return operation.isFail() ? Optional.empty()
                        : Optional.of(new RegisterCall.Write(operation.input()));
            case "cas":
                return Optional.of(cas(operation));
            default:
                throw new ModelException("model cas-register: operation " + operation.id() + " ("
                        + operation + ") has :f :" + operation.f()
                        + "; a cas-register knows :read, :write and :cas");
        }
    }

    private static RegisterCall cas(Operation operation) {
        if (!(operation.input() instanceof Value.Vec pair) || pair.items().size() != 2) {
            throw new ModelException("model cas-register: operation " + operation.id() + " ("
                    + operation + ") is a :cas whose value is not [from to]");
        }
        RegisterCall.CasOutcome outcome = operation.isOk() ? RegisterCall.CasOutcome.SUCCEEDED
                : operation.isFail() ? RegisterCall.CasOutcome.FAILED : RegisterCall.CasOutcome.UNKNOWN;
        return new RegisterCall.Cas(pair.items().get(0), pair.items().get(1), outcome);
    }

    @Override
    public Step<Value> step(Value state, RegisterCall call) {
        return call.apply(state);
    }
}
