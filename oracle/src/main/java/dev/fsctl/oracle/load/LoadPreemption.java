package dev.fsctl.oracle.load;

import java.lang.reflect.Field;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.server.resourcemanager.RMContext;
import org.apache.hadoop.yarn.server.resourcemanager.monitor.capacity.ProportionalCapacityPreemptionPolicy;
import org.apache.hadoop.yarn.server.resourcemanager.monitor.capacity.TempQueuePerPartition;
import org.apache.hadoop.yarn.server.resourcemanager.rmcontainer.RMContainer;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacityScheduler;
import org.apache.hadoop.yarn.util.SystemClock;
import org.apache.hadoop.yarn.util.resource.Resources;

/**
 * {@code cs-load} with {@code "preempt": true}: one round of the real
 * {@code ProportionalCapacityPreemptionPolicy.editSchedule} on the state the allocation reached,
 * on the same running {@code CapacityScheduler} (its queues, applications, containers, pending asks
 * and user limits as {@code UsersManager} has them), the policy's settings read from the
 * scheduler's configuration as the scheduling monitor's policy reads them. The answer: each queue's
 * {@code TempQueuePerPartition} (default partition) and, per application ({@code names}: "queue
 * name"), the containers the selectors chose (count and total), in the shape fsctl's preview
 * reports them; {@code error}, the exception the round ended on (the scheduling monitor logs it),
 * else null.
 */
final class LoadPreemption {
  private LoadPreemption() {
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> round(RMContext context, CapacityScheduler cs,
      Map<ApplicationAttemptId, String> names) throws Exception {
    ProportionalCapacityPreemptionPolicy policy =
        new ProportionalCapacityPreemptionPolicy(context, cs, SystemClock.getInstance());
    Map<String, Object> error = null;
    try {
      policy.editSchedule();
    } catch (RuntimeException e) {  // the monitor logs it and tries again next round: an answer
      error = new LinkedHashMap<>();
      error.put("class", e.getClass().getName());
      error.put("message", e.getMessage());
    }
    Map<String, Map<String, TempQueuePerPartition>> temps =
        (Map<String, Map<String, TempQueuePerPartition>>) call(policy, "getQueuePartitions");
    Map<String, Object> queues = new TreeMap<>();
    for (Map.Entry<String, Map<String, TempQueuePerPartition>> e : temps.entrySet()) {
      TempQueuePerPartition tq = e.getValue().get("");
      if (tq == null) {
        continue;
      }
      Map<String, Object> t = new LinkedHashMap<>();
      t.put("used", CsLoad.resource(tq.getUsed()));
      t.put("pending", CsLoad.resource(tq.getPending()));
      t.put("guaranteed", CsLoad.resource(tq.getGuaranteed()));
      t.put("ideal_assigned", CsLoad.resource(tq.getIdealAssigned()));
      t.put("to_be_preempted", CsLoad.resource((Resource) field(tq, "toBePreempted")));
      queues.put(e.getKey(), t);
    }
    Map<String, Map<String, Object>> taken = new TreeMap<>();
    for (RMContainer c : policy.getToPreemptContainers().keySet()) {
      String name = names.get(c.getApplicationAttemptId());
      Map<String, Object> a = taken.computeIfAbsent(name, n -> {
        Map<String, Object> fresh = new LinkedHashMap<>();
        fresh.put("containers", 0);
        fresh.put("total", Resources.createResource(0, 0));
        return fresh;
      });
      a.put("containers", (Integer) a.get("containers") + 1);
      Resources.addTo((Resource) a.get("total"), c.getAllocatedResource());
    }
    Map<String, Object> selected = new TreeMap<>();
    for (Map.Entry<String, Map<String, Object>> e : taken.entrySet()) {
      Map<String, Object> a = new LinkedHashMap<>();
      a.put("containers", e.getValue().get("containers"));
      a.put("total", CsLoad.resource((Resource) e.getValue().get("total")));
      selected.put(e.getKey(), a);
    }
    Map<String, Object> answer = new LinkedHashMap<>();
    answer.put("error", error);
    answer.put("queues", queues);
    answer.put("selected", selected);
    return answer;
  }

  private static Object call(Object target, String name) throws Exception {
    for (Class<?> c = target.getClass(); c != null; c = c.getSuperclass()) {
      for (java.lang.reflect.Method m : c.getDeclaredMethods()) {
        if (m.getName().equals(name) && m.getParameterCount() == 0) {
          m.setAccessible(true);
          return m.invoke(target);
        }
      }
    }
    throw new NoSuchMethodException(target.getClass().getName() + "." + name);
  }

  private static Object field(Object target, String name) throws Exception {
    for (Class<?> c = target.getClass(); c != null; c = c.getSuperclass()) {
      try {
        Field f = c.getDeclaredField(name);
        f.setAccessible(true);
        return f.get(target);
      } catch (NoSuchFieldException e) {
        // declared higher up
      }
    }
    throw new NoSuchFieldException(target.getClass().getName() + "." + name);
  }
}
