package dev.fsctl.oracle;

import java.lang.reflect.Method;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.QueueCapacities;

/** The few calls whose API differs between Hadoop 3.3 and 3.4, resolved at run time. */
final class Compat {
  private Compat() {
  }

  /** Weight mode (YARN-10169) is 3.4-only: null on 3.3. */
  static Float weight(QueueCapacities caps) {
    try {
      Method m = QueueCapacities.class.getMethod("getWeight");
      return (Float) m.invoke(caps);
    } catch (ReflectiveOperationException e) {
      return null;
    }
  }
}
