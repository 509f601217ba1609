package io.lockchaos.checker.model;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The models the command line knows, by name. Models are pure and stateless, so one
 * instance each serves every check. Adding a model is one line in {@link #ALL}.
 */
public final class Models {

    private static final List<Model<?, ?>> ALL = List.of(
            new RegisterModel(),
            new CasRegisterModel(),
            CasRegisterModel.strict(),
            new KvModel(),
            new MultiRegisterModel(),
            KeyedModel.of(new RegisterModel()),
            KeyedModel.of(new CasRegisterModel()),
            KeyedModel.of(CasRegisterModel.strict()),
            new MutexModel(), new OwnerMutexModel(), new FencedMutexModel(),
            new ReentrantMutexModel(), new ReentrantFencedMutexModel());

    private static final Map<String, Model<?, ?>> BY_NAME = index();

    private Models() {
    }

    private static Map<String, Model<?, ?>> index() {
        Map<String, Model<?, ?>> byName = new LinkedHashMap<>();
        for (Model<?, ?> model : ALL) {
            if (byName.put(model.name(), model) != null) {
                throw new IllegalStateException("two models are named " + model.name());
            }
        }
        return byName;
    }

    /** The model named {@code name}; a {@link ModelException} listing the known names otherwise. */
    public static Model<?, ?> byName(String name) {
        Model<?, ?> model = BY_NAME.get(name);
        if (model == null) {
            throw new ModelException("unknown model '" + name + "': choose one of " + String.join(", ", names()));
        }
        return model;
    }

    /** Every known name, in a stable order. */
    public static List<String> names() {
        return List.copyOf(BY_NAME.keySet());
    }
}
