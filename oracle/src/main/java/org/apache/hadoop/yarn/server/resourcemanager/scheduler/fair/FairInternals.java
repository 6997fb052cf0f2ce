package org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair;

import java.lang.reflect.Method;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.util.resource.Resources;

/**
 * The Fair Scheduler's package-private and private per-application and per-leaf values
 * (starvation, AM usage and limit), read from Hadoop's own package like {@link ApplicationEntry}.
 */
public final class FairInternals {
  /** {@code FairSchedulerConfiguration.MAX_ASSIGN}: protected before 3.3. */
  public static final String MAX_ASSIGN = FairSchedulerConfiguration.MAX_ASSIGN;
  /** {@code FairSchedulerConfiguration.PREEMPTION}: protected before 3.3. */
  public static final String PREEMPTION = FairSchedulerConfiguration.PREEMPTION;

  private FairInternals() {
  }

  /** {@code FSQueue.getMaxAMShare}: protected before 3.3. */
  public static float maxAMShare(FSQueue queue) {
    return queue.getMaxAMShare();
  }

  /**
   * What {@code FSPreemptionThread}'s constructor does to the context, without the thread: so
   * {@code FairScheduler.update()} runs {@code FSLeafQueue.updateStarvedApps} and nothing takes
   * a container or calls {@code preemptionTriggered} while the oracle reads.
   */
  public static void enableStarvation(FairScheduler fs, float utilizationThreshold) {
    fs.getContext().setPreemptionEnabled();
    fs.getContext().setPreemptionUtilizationThreshold(utilizationThreshold);
  }

  /** {@code FairScheduler.shouldAttemptPreemption} (private): whether update() found starvation. */
  public static boolean starvationComputed(FairScheduler fs) throws Exception {
    Method m = FairScheduler.class.getDeclaredMethod("shouldAttemptPreemption");
    m.setAccessible(true);
    return (Boolean) m.invoke(fs);
  }

  public static FSAppAttempt app(FairScheduler fs,
      org.apache.hadoop.yarn.api.records.ApplicationAttemptId id) {
    return fs.getSchedulerApp(id);
  }

  public static boolean runnable(FSAppAttempt app) {
    return app.getQueue().isRunnableApp(app);
  }

  /** {@code FSAppAttempt.getFairshareStarvation}: as the last update left it. */
  public static Resource fairShareStarvation(FSAppAttempt app) {
    return app.getFairshareStarvation();
  }

  /** {@code FSAppAttempt.getMinshareStarvation}: the leaf's min-share starvation handed to it. */
  public static Resource minShareStarvation(FSAppAttempt app) {
    return app.getMinshareStarvation();
  }

  /** An AM already running (the snapshot says so): as {@code FSAppAttempt.recoverContainer} records it. */
  public static void amRunning(FSAppAttempt app, Resource am) {
    app.setAMResource(am);
    app.getQueue().addAMResourceUsage(am);
    app.setAmRunning(true);
  }

  public static Resource amUsage(FSLeafQueue queue) {
    return queue.getAmResourceUsage();
  }

  /** {@code FSLeafQueue.computeMaxAMResource} (private): maxAMShare times the fair share. */
  public static Resource amLimit(FSLeafQueue queue) throws Exception {
    Method m = FSLeafQueue.class.getDeclaredMethod("computeMaxAMResource");
    m.setAccessible(true);
    return (Resource) m.invoke(queue);
  }

  /**
   * The leaf's min-share starvation net of its apps' fair-share starvation: the amount
   * {@code FSLeafQueue.updateStarvedApps} hands out ({@code minShareStarvation()} is private).
   */
  public static Resource queueMinShareStarvation(FSLeafQueue queue, Resource fairShareStarvation)
      throws Exception {
    Method m = FSLeafQueue.class.getDeclaredMethod("minShareStarvation");
    m.setAccessible(true);
    Resource starvation = Resources.clone((Resource) m.invoke(queue));
    Resources.subtractFromNonNegative(starvation, fairShareStarvation);
    return starvation;
  }
}
