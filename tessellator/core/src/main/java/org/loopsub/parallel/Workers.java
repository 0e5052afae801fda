package org.loopsub.parallel;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;

/**
 * The threads a refinement's parallel sweeps run on: the level loop's and the output weld's.
 *
 * <p>{@link #forThreads} hands out one fork-join pool per thread count, made on first use and kept
 * for the life of the process, so that a refinement never pays for starting threads and a program
 * that refines every frame does not leak pools. Keeping them costs little: an idle fork-join
 * pool lets its threads end after a while and starts them again on demand, and its threads are
 * daemons, so a kept pool never holds the JVM open. Thread count 0 is the common pool.
 *
 * <p>Instances are shared and thread-safe: sweeps of several refinements may run on one pool at
 * once (they then share its threads). What a sweep computes must not depend on which thread runs
 * which index, nor on how many threads there are: callers give each index its own output.
 */
public final class Workers {
    /** The most threads a pool may have (a limit of {@link ForkJoinPool}). */
    public static final int MAX_THREADS = 0x7fff;

    /** An idle pool's threads end after this long, and are started again on demand. */
    private static final long KEEP_ALIVE_SECONDS = 60;

    private static final Workers COMMON = new Workers(ForkJoinPool.commonPool());
    private static final ConcurrentMap<Integer, Workers> POOLS = new ConcurrentHashMap<>();

    /**
     * Test hook: when set, told the thread that runs each index of every sweep. Read once per
     * sweep, so it costs nothing when unset.
     */
    static volatile Consumer<Thread> taskObserver;

    private final ForkJoinPool pool;

    private Workers(ForkJoinPool pool) {
        this.pool = pool;
    }

    /**
     * @param threads worker threads, 1 to {@link #MAX_THREADS}, or 0 for the common pool
     * @return the workers for that count; the same instance on every call with the same count
     * @throws IllegalArgumentException if {@code threads} is out of range
     */
    public static Workers forThreads(int threads) {
        if (threads < 0 || threads > MAX_THREADS) {
            throw new IllegalArgumentException("threads must be 0 (the common pool) to " + MAX_THREADS + ", got "
                    + threads);
        }
        if (threads == 0) {
            return COMMON;
        }
        return POOLS.computeIfAbsent(threads, Workers::newPool);
    }

    private static Workers newPool(int threads) {
        AtomicInteger made = new AtomicInteger();
        ForkJoinPool.ForkJoinWorkerThreadFactory factory = pool -> {
            ForkJoinWorkerThread t = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(pool);
            // names that say whose threads these are in a thread dump
            t.setName("loopsub-" + threads + "-worker-" + made.getAndIncrement());
            t.setDaemon(true);
            return t;
        };
        // At most `threads` threads at any time: a worker waiting for a subtask that another one
        // stole helps or waits rather than have a spare thread started (the default, to keep the
        // parallelism up), so the count asked for is the count of threads there are. The sweeps
        // never block on anything but their own subtasks, so waiting cannot deadlock.
        return new Workers(new ForkJoinPool(threads, factory, null, false, 0, threads, 1, pool -> true,
                KEEP_ALIVE_SECONDS, TimeUnit.SECONDS));
    }

    /** @return how many threads run the sweeps (the pool's target parallelism) */
    public int parallelism() {
        return pool.getParallelism();
    }

    /**
     * Runs {@code task(0)} .. {@code task(n - 1)} on this pool's threads, in parallel and in no
     * particular order, and returns when all are done; their writes are visible to the caller
     * then. The calling thread only waits (except on the common pool, which may borrow it).
     *
     * @param n number of indices
     * @param task run once per index; each index must write only its own data
     * @throws RuntimeException or {@link Error}: the one a task threw (other indices may still
     *     have run)
     */
    public void forEach(int n, IntConsumer task) {
        if (n < 0) {
            throw new IllegalArgumentException("negative count " + n);
        }
        if (n == 0) {
            return;
        }
        Consumer<Thread> observer = taskObserver;
        IntConsumer body = observer == null ? task : i -> {
            observer.accept(Thread.currentThread());
            task.accept(i);
        };
        // Submitted even for one index, so that every sweep runs on the threads asked for. Inside
        // the pool, the parallel stream's subtasks fork into this pool, not the common one.
        try {
            ForkJoinTask<?> sweep = pool.submit(() -> IntStream.range(0, n).parallel().forEach(body));
            awaitOrLost(sweep);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            Throwable cause = original(e.getCause());
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(cause);
        }
    }

    /**
     * Waits for a sweep, and gives up on one that no thread is left to finish: a worker that runs out
     * of memory outside a task dies without failing the task, and a pool whose workers all died that
     * way would leave the caller waiting for good (seen: {@code subdivide -l 7 --limit} with a small
     * heap hung instead of reporting the memory).
     */
    private void awaitOrLost(ForkJoinTask<?> sweep) throws InterruptedException, ExecutionException {
        int idle = 0;
        while (true) {
            try {
                sweep.get(1, TimeUnit.SECONDS);
                return;
            } catch (TimeoutException e) {
                // two seconds in a row without a worker: a pool starts one within a moment of a submit
                idle = pool.getPoolSize() == 0 ? idle + 1 : 0;
                if (idle >= 2 && !sweep.isDone()) {
                    sweep.cancel(true);
                    throw new OutOfMemoryError("the worker threads died before finishing their work (out of memory?)");
                }
            }
        }
    }

    /**
     * The exception a task threw. Rethrowing it on another thread, the fork-join framework wraps it
     * in a new one of the same class whose message is the cause's {@code toString()} (or none),
     * once per join it crosses.
     */
    private static Throwable original(Throwable t) {
        while (t.getCause() != null && t.getCause().getClass() == t.getClass()
                && (t.getMessage() == null || t.getMessage().equals(t.getCause().toString()))) {
            t = t.getCause();
        }
        return t;
    }

    @Override
    public String toString() {
        return pool == ForkJoinPool.commonPool() ? "Workers[common pool]" : "Workers[" + parallelism() + " threads]";
    }
}
