package io.lockchaos.checker.knossos;

import clojure.java.api.Clojure;
import clojure.lang.IFn;
import clojure.lang.Keyword;
import clojure.lang.PersistentArrayMap;
import clojure.lang.PersistentHashSet;
import clojure.lang.PersistentVector;
import io.lockchaos.history.Op;
import io.lockchaos.history.Process;
import io.lockchaos.history.Value;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Converts histories to Clojure data, the shape Jepsen's tools read. */
final class ClojureData {

    private ClojureData() {
    }

    static Object op(Op op) {
        Map<Object, Object> m = new LinkedHashMap<>();
        m.put(kw("index"), (long) op.index());
        if (op.hasTime()) {
            m.put(kw("time"), op.time());
        }
        m.put(kw("type"), kw(op.type().keyword()));
        m.put(kw("process"), op.process() instanceof Process.Client c ? (Object) (long) c.id()
                : kw(op.process().toString()));
        m.put(kw("f"), kw(op.f()));
        m.put(kw("value"), value(op.value()));
        if (!op.error().isNil()) {
            m.put(kw("error"), value(op.error()));
        }
        return PersistentArrayMap.create(m);
    }

    static Object value(Value v) {
        if (v instanceof Value.Nil) {
            return null;
        }
        if (v instanceof Value.Bool b) {
            return b.value();
        }
        if (v instanceof Value.Int i) {
            return i.value();
        }
        if (v instanceof Value.Real r) {
            return r.value();
        }
        if (v instanceof Value.Str s) {
            return s.value();
        }
        if (v instanceof Value.Kw k) {
            return kw(k.name());
        }
        if (v instanceof Value.Vec vec) {
            List<Object> items = new ArrayList<>();
            vec.items().forEach(item -> items.add(value(item)));
            return PersistentVector.create(items);
        }
        if (v instanceof Value.SetV set) {
            List<Object> items = new ArrayList<>();
            set.items().forEach(item -> items.add(value(item)));
            return PersistentHashSet.create(items);
        }
        Value.Dict dict = (Value.Dict) v;
        Map<Object, Object> m = new LinkedHashMap<>();
        dict.entries().forEach((k, val) -> m.put(value(k), value(val)));
        return PersistentArrayMap.create(m);
    }

    static Object vector(List<Object> items) {
        return PersistentVector.create(items);
    }

    static Object map(Map<String, Object> entries) {
        Map<Object, Object> m = new LinkedHashMap<>();
        entries.forEach((k, v) -> m.put(kw(k), v));
        return PersistentArrayMap.create(m);
    }

    static Object get(Object map, String key) {
        IFn get = Clojure.var("clojure.core", "get");
        return get.invoke(map, kw(key));
    }

    static Keyword kw(String name) {
        return Keyword.intern(name);
    }
}
