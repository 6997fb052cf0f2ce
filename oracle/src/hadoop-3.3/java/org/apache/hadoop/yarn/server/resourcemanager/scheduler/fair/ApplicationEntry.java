package org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair;

import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.server.resourcemanager.placement.ApplicationPlacementContext;

/**
 * Adds an application and its attempt the way {@code FairSchedulerTestBase.createSchedulingRequest}
 * does (both methods are protected, so this one class lives in Hadoop's package), as a recovered
 * application: a demand snapshot describes applications already running, so the submission checks
 * (placement, ACLs) that admitted them are not repeated.
 */
public final class ApplicationEntry {
  private ApplicationEntry() {
  }

  /** False when the scheduler refused the application (placement, ACL, a parent queue). */
  public static boolean add(FairScheduler fs, ApplicationAttemptId id, String queue, String user) {
    fs.addApplication(id.getApplicationId(), queue, user, true, new ApplicationPlacementContext(queue));
    if (!fs.getSchedulerApplications().containsKey(id.getApplicationId())) {
      return false;
    }
    fs.addApplicationAttempt(id, false, true);
    return true;
  }
}
