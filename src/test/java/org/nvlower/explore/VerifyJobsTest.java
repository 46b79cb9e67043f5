package org.nvlower.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Verify jobs: the counts of a finished run, the ulp histogram, cancellation and the time limit. */
class VerifyJobsTest {

    static VerifyJobs.Job await(VerifyJobs jobs, String id) throws InterruptedException {
        VerifyJobs.Job j = jobs.get(id);
        for (int i = 0; i < 6000 && j.state() == VerifyJobs.State.RUNNING; i++) {
            Thread.sleep(10);
        }
        return j;
    }

    @Test
    void anExactTemplateRunsToTheEndWithNoMismatch() throws Exception {
        try (VerifyJobs jobs = new VerifyJobs(60_000)) {
            VerifyJobs.Job j = await(jobs, jobs.start(new VerifyJobs.Request("div.rn.f32", "random", 5_000, "exact")));
            assertEquals(VerifyJobs.State.DONE, j.state(), j.report);
            assertEquals(5_000, j.done.get());
            assertEquals(0, j.mismatches);
            assertTrue(j.report.contains("random cases 5,000, MUFU exact: 0 mismatches"), j.report);
            assertTrue(j.histogram.isEmpty());
        }
    }

    @Test
    void anApproximationHasAHistogramOfEveryRun() throws Exception {
        try (VerifyJobs jobs = new VerifyJobs(60_000)) {
            VerifyJobs.Job j = await(jobs, jobs.start(new VerifyJobs.Request("div.approx.f32", "random", 3_000, "exact")));
            assertEquals(VerifyJobs.State.DONE, j.state(), j.report);
            assertEquals(3_000, j.histogram.stream().mapToLong(VerifyJobs.Bucket::count).sum());
            assertEquals("0", j.histogram.get(0).label());
            assertEquals(">8", j.histogram.get(j.histogram.size() - 1).label());
        }
    }

    @Test
    void aCancelledJobStopsAtItsNextChunk() throws Exception {
        try (VerifyJobs jobs = new VerifyJobs(60_000)) {
            String id = jobs.start(new VerifyJobs.Request("div.rn.f64", "random", 100_000_000L, "exact"));
            Thread.sleep(200);
            jobs.cancel(id);
            VerifyJobs.Job j = await(jobs, id);
            assertEquals(VerifyJobs.State.CANCELLED, j.state());
            assertTrue(j.done.get() < 100_000_000L);
        }
    }

    @Test
    void aJobPastItsTimeLimitIsStopped() throws Exception {
        try (VerifyJobs jobs = new VerifyJobs(1)) {
            VerifyJobs.Job j = await(jobs, jobs.start(new VerifyJobs.Request("div.rn.f64", "random", 100_000_000L,
                    "exact")));
            assertEquals(VerifyJobs.State.CANCELLED, j.state());
            assertTrue(j.report.contains("time limit"), j.report);
        }
    }

    @Test
    void aRuntimeFunctionRunsItsBodyAgainstSoftfloat() throws Exception {
        try (VerifyJobs jobs = new VerifyJobs(60_000)) {
            VerifyJobs.Job j = await(jobs, jobs.start(new VerifyJobs.Request("__nv_div_fp128", "edge", 500, "exact")));
            assertEquals(VerifyJobs.State.DONE, j.state(), j.report);
            assertEquals(j.total, j.done.get());
            assertTrue(j.total > 500, "edge cases counted too: " + j.total);
            assertEquals(0, j.mismatches, j.report);
            assertTrue(j.report.startsWith("verify-runtime __nv_div_fp128: "), j.report);
        }
    }

    @Test
    void onTheGpuTooSaysWhyNotWhereThereIsNone() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(System.getenv("NVLOWER_LIBCUDA") == null
                && !java.nio.file.Files.exists(java.nio.file.Path.of("/dev/nvidiactl")), "a GPU may be present");
        try (VerifyJobs jobs = new VerifyJobs(60_000)) {
            VerifyJobs.Job j = await(jobs, jobs.start(new VerifyJobs.Request("div.rn.f32", "edge", 100, "exact", true)));
            assertEquals(VerifyJobs.State.DONE, j.state(), j.report);
            assertTrue(j.report.contains("0 mismatches\nGPU: not run: "), j.report);
        }
    }
}
