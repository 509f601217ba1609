package io.lockchaos.checker.model;

import io.lockchaos.history.Operation;
import io.lockchaos.history.Value;
import java.util.Optional;

/**
 * A register with compare-and-set, initially absent ({@code nil}) unless started at another
 * value ({@link #startingAt}).
 *
 * <ul>
 *   <li>{@code :ok :read v} returns the current value ({@code nil}: absent);
 *       {@code :ok :write v} sets it; {@code :ok :cas [from to]} is legal only when the
 *       register holds {@code from}, and sets {@code to}.</li>
 *   <li>{@code :fail}, by default ({@code cas-register}), means only that the operation did
 *       not take effect, as in Jepsen and Knossos: the client may have failed for any reason
 *       (a partition, a timeout it could rule out), so a failed operation is dropped and
 *       constrains nothing.</li>
 *   <li>The strict reading ({@code cas-register-strict}), for harnesses that guarantee it
 *       (Porcupine's etcd tests): a {@code :fail :cas [from to]} is a completed cas whose
 *       compare did not match, legal only when the register does not hold {@code from}; it
 *       changes nothing but still constrains the history. Other failed operations are
 *       dropped as in the default.</li>
 *   <li>A read that did not complete with {@code :ok} ({@code :fail :read :timed-out},
 *       {@code :info}) says nothing and is dropped.</li>
 *   <li>An indeterminate write or cas takes its invocation's value and may take effect at
 *       any point after its invocation, or never; an indeterminate cas sets {@code to}
 *       exactly when the compare matches.</li>
 * </ul>
 */
public final class CasRegisterModel implements Model<Value, RegisterCall> {

    private final boolean strict;
    private final Value initial;

    /** The default, sound reading: a failed operation did not happen. */
    public CasRegisterModel() {
        this(false, Value.NIL);
    }

    private CasRegisterModel(boolean strict, Value initial) {
        this.strict = strict;
        this.initial = initial;
    }

    /** The strict reading: a failed cas is a compare that did not match. */
    public static CasRegisterModel strict() {
        return new CasRegisterModel(true, Value.NIL);
    }

    @Override
    public String name() {
        return strict ? "cas-register-strict" : "cas-register";
    }

    @Override
    public Value init() {
        return initial;
    }

    @Override
    public CasRegisterModel startingAt(Value value) {
        return new CasRegisterModel(strict, value);
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
                RegisterCall cas = cas(operation);
                return operation.isFail() && !strict ? Optional.empty() : Optional.of(cas);
            default:
                throw ModelException.at(operation, name(), "has :f :" + operation.f()
                        + "; a cas-register knows :read, :write and :cas");
        }
    }

    private RegisterCall cas(Operation operation) {
        if (!(operation.input() instanceof Value.Vec pair) || pair.items().size() != 2) {
            throw ModelException.at(operation, name(), "is a :cas whose value " + operation.input()
                    + " is not [from to]");
        }
        RegisterCall.CasOutcome outcome = operation.isOk() ? RegisterCall.CasOutcome.SUCCEEDED
                : operation.isFail() ? RegisterCall.CasOutcome.FAILED : RegisterCall.CasOutcome.UNKNOWN;
        return new RegisterCall.Cas(pair.items().get(0), pair.items().get(1), outcome);
    }

    @Override
    public int refute(java.util.List<RegisterCall> calls) {
        return RegisterCall.unproduced(initial, calls);
    }

    @Override
    public Step<Value> step(Value state, RegisterCall call) {
        return call.apply(state);
    }
}
