package io.lockchaos.checker.model;

import io.lockchaos.history.Operation;
import io.lockchaos.history.Value;
import java.util.Optional;

/**
 * A read/write register, initially absent ({@code nil}) unless started at another value. {@code :ok :read nil} reads the
 * absent register. A {@code :fail} operation certainly did not happen and is dropped; an
 * indeterminate write may take effect (with its invocation's value) or not; an
 * indeterminate read constrains nothing and is dropped.
 */
public final class RegisterModel implements Model<Value, RegisterCall> {

    private final Value initial;

    public RegisterModel() {
        this(Value.NIL);
    }

    private RegisterModel(Value initial) {
        this.initial = initial;
    }

    @Override
    public String name() {
        return "register";
    }

    @Override
    public Value init() {
        return initial;
    }

    @Override
    public RegisterModel startingAt(Value value) {
        return new RegisterModel(value);
    }

    @Override
    public Optional<RegisterCall> prepare(Operation operation) {
        if (operation.isFail()) {
            return Optional.empty();
        }
        switch (operation.f()) {
            case "read":
                return operation.isOk() ? Optional.of(new RegisterCall.Read(operation.output()))
                        : Optional.empty();
            case "write":
                return Optional.of(new RegisterCall.Write(operation.input()));
            default:
                throw ModelException.at(operation, name(), "has :f :" + operation.f()
                        + "; a register knows :read and :write (use cas-register for :cas)");
        }
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
