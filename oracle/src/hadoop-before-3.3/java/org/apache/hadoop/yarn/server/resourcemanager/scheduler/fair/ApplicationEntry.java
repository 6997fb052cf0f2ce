package org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair;

import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.SchedulerApplication;

/**
 * Adds an application and its attempt to the queue a demand snapshot names, as a recovered
 * application. Before 3.3 {@code FairScheduler.addApplication} always runs the placement policy
 * on the queue it is given (there is no placement context to pass, as 3.3's recovery passes one),
 * so the accepting half of it is done here: the named leaf, created if need be, else
 * {@code root.recovery} as addApplication does for a recovering application; no ACL check (it is
 * skipped on recovery). The attempt is added by Hadoop's own addApplicationAttempt.
 */
public final class ApplicationEntry {
  private ApplicationEntry() {
  }

  /** False when the scheduler refused the application. */
  public static boolean add(FairScheduler fs, ApplicationAttemptId id, String queueName, String user) {
    FSLeafQueue queue = fs.getQueueManager().getLeafQueue(queueName, true);
    if (queue == null) {
      queue = fs.getQueueManager().getLeafQueue("root.recovery", true);
    }
    if (queue == null) {
      return false;
    }
    fs.getSchedulerApplications().put(id.getApplicationId(), new SchedulerApplication<FSAppAttempt>(queue, user));
    queue.getMetrics().submitApp(user);
    fs.addApplicationAttempt(id, false, true);
    return true;
  }
}
