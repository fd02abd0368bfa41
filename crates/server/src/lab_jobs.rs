//! The strategy lab's rule tests as jobs: a test of a rule on every n of a range runs in the
//! background, one n after another, while the page (refreshed, or its script asking again) and
//! the API (a stream of lines) show each n as it finishes. Visitors asking the same test share
//! one job; a job nobody has asked about for [`IDLE`] stops (its visitor left); at most as many
//! run at once as the server runs solves, and another is refused at once (503 with Retry-After), never
//! after a wait. Finished jobs are kept a while ([`KEPT`]) for the visitors who come back.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use zecklab_answers::lab::{parse_rule, rule_test, RuleTestJson};

use crate::solves::Solves;
use crate::ApiError;

/// The largest n the explorer tests a rule on (each n solved on demand, and kept).
pub const RULE_TEST_WEB_LIMIT: u32 = 150;

/// A running job nobody has asked about for this long stops.
pub const IDLE: Duration = Duration::from_secs(15);
/// A finished job is kept this long after it was last asked about.
pub const KEPT: Duration = Duration::from_secs(600);
/// The most finished jobs kept.
const KEPT_JOBS: usize = 64;

/// A test: the rule as written, and the range of n.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TestKey {
    pub rule: String,
    pub from: u32,
    pub to: u32,
}

/// Where a job is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Progress {
    /// Some n are tested, more to come.
    Running,
    /// Every n is tested.
    Done,
    /// Stopped by an error (the lines before it stand).
    Failed(ApiError),
    /// Stopped because nobody asked about it for [`IDLE`].
    Abandoned,
}

/// One test, as far as it has come.
#[derive(Debug)]
pub struct Job {
    key: TestKey,
    inner: Mutex<JobState>,
}

#[derive(Debug)]
struct JobState {
    lines: Vec<RuleTestJson>,
    progress: Progress,
    last_asked: Instant,
}

impl Job {
    fn state(&self) -> MutexGuard<'_, JobState> {
        // A worker that panicked holding the lock leaves lines that are still whole.
        self.inner.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The test this job runs.
    pub fn key(&self) -> &TestKey {
        &self.key
    }

    /// The lines so far and where the job is; asking keeps it running.
    pub fn snapshot(&self) -> (Vec<RuleTestJson>, Progress) {
        let mut state = self.state();
        state.last_asked = Instant::now();
        (state.lines.clone(), state.progress.clone())
    }

    /// The lines from the `seen`-th on and where the job is; asking keeps it running.
    pub fn since(&self, seen: usize) -> (Vec<RuleTestJson>, Progress) {
        let mut state = self.state();
        state.last_asked = Instant::now();
        (state.lines.get(seen..).unwrap_or_default().to_vec(), state.progress.clone())
    }

    /// The number of n in the test.
    pub fn total(&self) -> u32 {
        self.key.to - self.key.from + 1
    }
}

/// The jobs of one server.
#[derive(Debug)]
pub struct LabJobs {
    jobs: Mutex<HashMap<TestKey, Arc<Job>>>,
    limit: usize,
}

impl LabJobs {
    /// Jobs for a server that runs at most `limit` at once (at least one).
    pub fn new(limit: usize) -> LabJobs {
        LabJobs { jobs: Mutex::new(HashMap::new()), limit: limit.max(1) }
    }

    /// The job of the test `key`: the one running or kept, else a new one started (then `true`).
    ///
    /// # Errors
    /// 400 for a rule that does not parse or an empty range, 422 past what this server tests,
    /// 503 (at once) when as many other tests as the limit are running.
    pub fn start(&self, solves: &Arc<Solves>, key: TestKey) -> Result<(Arc<Job>, bool), ApiError> {
        check(solves.up_to(), &key)?;
        let mut jobs = self.jobs.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        forget_old(&mut jobs);
        if let Some(job) = jobs.get(&key) {
            let usable = matches!(job.state().progress, Progress::Running | Progress::Done);
            if usable {
                job.state().last_asked = Instant::now();
                return Ok((job.clone(), false));
            }
        }
        let running = jobs.values().filter(|j| j.state().progress == Progress::Running).count();
        if running >= self.limit {
            return Err(ApiError::busy(format!(
                "busy: {running} rule tests are running; try again in a few seconds"
            )));
        }
        let job = Arc::new(Job {
            key: key.clone(),
            inner: Mutex::new(JobState {
                lines: Vec::new(),
                progress: Progress::Running,
                last_asked: Instant::now(),
            }),
        });
        jobs.insert(key, job.clone());
        tokio::spawn(run(solves.clone(), job.clone()));
        Ok((job, true))
    }
}

/// Refuses a test this server does not run: a rule that does not parse, a range that is empty or
/// starts at 0, or one past what it tests.
fn check(solve_up_to: u32, key: &TestKey) -> Result<(), ApiError> {
    parse_rule(&key.rule).map_err(|e| ApiError::about("rule", e))?;
    if key.from == 0 {
        return Err(ApiError::bad("invalid from = 0: the game on n starts from n ones, so n is at least 1"));
    }
    if key.to < key.from {
        return Err(ApiError::bad(format!(
            "the range ends before it starts: to = {} is below from = {}",
            key.to, key.from
        )));
    }
    let most = RULE_TEST_WEB_LIMIT.min(solve_up_to);
    if key.to > most {
        return Err(ApiError::too_large(format!(
            "invalid to = {}: this server tests rules up to n = {most} (the command line, zgame rule-test, to 700)",
            key.to
        )));
    }
    Ok(())
}

/// Drops the jobs that are over and were not asked about for [`KEPT`], and the oldest finished
/// ones beyond [`KEPT_JOBS`].
fn forget_old(jobs: &mut HashMap<TestKey, Arc<Job>>) {
    jobs.retain(|_, job| {
        let state = job.state();
        state.progress == Progress::Running || state.last_asked.elapsed() < KEPT
    });
    let mut over: Vec<(Instant, TestKey)> = jobs
        .iter()
        .filter_map(|(key, job)| {
            let state = job.state();
            (state.progress != Progress::Running).then(|| (state.last_asked, key.clone()))
        })
        .collect();
    if over.len() > KEPT_JOBS {
        over.sort_by_key(|(asked, _)| *asked);
        for (_, key) in &over[..over.len() - KEPT_JOBS] {
            jobs.remove(key);
        }
    }
}

/// The job's work: each n solved (through the server's gate, and kept in its cache) and the rule
/// tested on it, until the range is done, an error, or nobody asks any more.
async fn run(solves: Arc<Solves>, job: Arc<Job>) {
    let Ok(rule) = parse_rule(&job.key.rule) else { return };
    let rule = Arc::new(rule);
    let end = |progress: Progress| job.state().progress = progress;
    for n in job.key.from..=job.key.to {
        if job.state().last_asked.elapsed() > IDLE {
            return end(Progress::Abandoned);
        }
        let solved = match solves.solution(n).await {
            Ok(solved) => solved,
            Err(e) => return end(Progress::Failed(e)),
        };
        let rule = rule.clone();
        match tokio::task::spawn_blocking(move || rule_test(&rule, &*solved.solution, |_, _| {})).await {
            Ok(line) => job.state().lines.push(line),
            Err(e) => return end(Progress::Failed(ApiError::internal(format!("the test failed: {e}")))),
        }
    }
    end(Progress::Done);
}

/// The job's lines as a response of one JSON object per line, each sent as soon as its n is
/// tested; a test stopped by an error ends with `{"error": ...}`. Reading keeps the job running;
/// a client that goes away stops asking, and so the job.
pub fn stream(job: Arc<Job>) -> Response {
    let lines = futures_util::stream::unfold((job, 0usize, false), |(job, seen, over)| async move {
        if over {
            return None;
        }
        loop {
            let (lines, progress) = job.since(seen);
            if !lines.is_empty() {
                let text: String = lines
                    .iter()
                    .map(|l| serde_json::to_string(l).map(|t| t + "\n").unwrap_or_default())
                    .collect();
                return Some((Ok::<_, std::io::Error>(text), (job, seen + lines.len(), false)));
            }
            match progress {
                Progress::Running => tokio::time::sleep(POLL).await,
                Progress::Done | Progress::Abandoned => return None,
                Progress::Failed(e) => {
                    let text = serde_json::json!({ "error": e.message }).to_string() + "\n";
                    return Some((Ok(text), (job, seen, true)));
                }
            }
        }
    });
    let mut response = Body::from_stream(lines).into_response();
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/x-ndjson"));
    response
}

/// How often a stream looks for the next line.
const POLL: Duration = Duration::from_millis(100);
