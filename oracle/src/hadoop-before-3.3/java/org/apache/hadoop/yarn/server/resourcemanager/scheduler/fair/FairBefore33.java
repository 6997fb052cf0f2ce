package org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair;

import java.io.IOException;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the Fair Scheduler of Hadoop 3.2, 3.1 and 2.10 keeps package-private or private: the
 * placement policy (QueuePlacementPolicy, held by the AllocationConfiguration until YARN-8967 moved
 * it into the PlacementManager in 3.3), the configured maximum of a queue, the defaults of the
 * allocation file. Read from Hadoop's own package, like {@link FairInternals}.
 */
public final class FairBefore33 {
  private FairBefore33() {
  }

  /** The placement policy's rules, in order: class, create flag, nested rule. */
  public static List<Object> placementRules(FairScheduler fs) {
    List<Object> rules = new ArrayList<>();
    for (QueuePlacementRule rule : fs.getAllocationConfiguration().getPlacementPolicy().getRules()) {
      rules.add(describe(rule));
    }
    return rules;
  }

  private static Map<String, Object> describe(QueuePlacementRule rule) {
    Map<String, Object> r = new LinkedHashMap<>();
    r.put("class", rule.getClass().getSimpleName());
    r.put("create", rule.create);
    if (rule instanceof QueuePlacementRule.NestedUserQueue) {
      r.put("parent", describe(((QueuePlacementRule.NestedUserQueue) rule).nestedRule));
    }
    return r;
  }

  /**
   * The queue the placement policy chooses for an application, null when a rule rejects it; throws
   * where {@code FairScheduler.assignToQueue} turns the exception into a rejection (no terminal
   * rule matched, an invalid queue name, a user without groups).
   */
  public static String placement(FairScheduler fs, String requestedQueue, String user) throws IOException {
    return fs.getAllocationConfiguration().getPlacementPolicy().assignAppToQueue(requestedQueue, user);
  }

  /** {@code FSQueue.maxShare}: the maximum as configured (there is no getter before 3.3). */
  public static ConfigurableResource maxResources(FSQueue queue) {
    return (ConfigurableResource) field(FSQueue.class, "maxShare", queue);
  }

  /** {@code ConfigurableResource.percentages}: null for an absolute vector. */
  public static double[] percentages(ConfigurableResource resource) {
    return (double[]) field(ConfigurableResource.class, "percentages", resource);
  }

  public static void describeDefaults(AllocationConfiguration alloc, Map<String, Object> out) {
    for (String name : new String[] {"queueMaxAppsDefault", "userMaxAppsDefault", "queueMaxAMShareDefault"}) {
      out.put(name, field(AllocationConfiguration.class, name, alloc));
    }
    out.put("userMaxApps", alloc.userMaxApps);
  }

  private static Object field(Class<?> owner, String name, Object target) {
    try {
      Field f = owner.getDeclaredField(name);
      f.setAccessible(true);
      return f.get(target);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(owner.getSimpleName() + "." + name, e);
    }
  }
}
