package dev.fsctl.oracle;

import java.lang.reflect.Method;
import java.util.function.Consumer;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CSQueue;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.QueueCapacities;

/**
 * The calls present on some Hadoop lines only, resolved at run time where one source serves them
 * all (what differs more lives in {@link Line}).
 */
public final class Compat {
  /** The Capacity Scheduler's leaf type: AbstractLeafQueue on 3.4, LeafQueue before. */
  private static final Class<?> LEAF_QUEUE = leafQueueClass();

  private Compat() {
  }

  /** Weight mode (YARN-10169) is 3.4-only: null on 3.3 and older. */
  static Float weight(QueueCapacities caps) {
    try {
      Method m = QueueCapacities.class.getMethod("getWeight");
      return (Float) m.invoke(caps);
    } catch (ReflectiveOperationException e) {
      return null;
    }
  }

  /** Hadoop's own test of a leaf: the CapacityScheduler's {@code instanceof} its leaf queue type. */
  public static boolean isLeaf(CSQueue queue) {
    return LEAF_QUEUE.isInstance(queue);
  }

  /** {@code target.getter()} handed to {@code use} where this line has the getter; nothing where not. */
  static void ifPresent(Object target, String getter, Consumer<Object> use) {
    Method m;
    try {
      m = target.getClass().getMethod(getter);
    } catch (NoSuchMethodException e) {
      return;
    }
    try {
      use.accept(m.invoke(target));
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(getter + " on " + target.getClass().getName(), e);
    }
  }

  private static Class<?> leafQueueClass() {
    String capacity = "org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.";
    try {
      return Class.forName(capacity + "AbstractLeafQueue");
    } catch (ClassNotFoundException e) {
      try {
        return Class.forName(capacity + "LeafQueue");
      } catch (ClassNotFoundException none) {
        throw new IllegalStateException("no Capacity Scheduler leaf queue class", none);
      }
    }
  }
}
