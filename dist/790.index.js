export const id = 790;
export const ids = [790,556];
export const modules = {

/***/ 6130:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   GI: () => (/* binding */ chooseAnnotated),
/* harmony export */   lW: () => (/* binding */ annotationOf),
/* harmony export */   mc: () => (/* binding */ planAnnotations)
/* harmony export */ });
/* harmony import */ var _locate_label__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8007);
/* harmony import */ var _domain_finding_effect__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2379);
/* harmony import */ var _markdown_sanitize__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(5597);
/* harmony import */ var _markdown_severity__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2925);
/* harmony import */ var _markdown_injection__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(5985);





const LEVEL = { error: 'error', warning: 'warning', info: 'notice' };
const MAX_TITLE = 200;
const MAX_MESSAGE = 2_000;
/** Annotations are plain text: the received severity of an unknown one, without markdown. */
function reportedAsText(f) {
    return f.reportedSeverity === undefined ? '' : ` (reported as ${f.reportedSeverity.slice(0, 40)})`;
}
/**
 * A security flag says so, a finding the gate does not count for a stated reason says why, and one
 * a policy rule keeps from failing the check says which rule.
 */
function flagText(f) {
    const flag = (0,_locate_label__WEBPACK_IMPORTED_MODULE_0__/* .describeFlag */ .Kp)(f);
    const byRule = (0,_domain_finding_effect__WEBPACK_IMPORTED_MODULE_1__/* .keptFromFailingByRule */ .qk)(f);
    return `${flag === '' ? '' : `, ${flag}`}${f.uncounted === undefined ? '' : `, not counted (${f.uncounted})`}${byRule === undefined ? '' : `, does not fail the check (${byRule})`}${f.possibleInjection === true ? `, ${_markdown_injection__WEBPACK_IMPORTED_MODULE_3__/* .INJECTION_MARK */ .MW}` : ''}`;
}
/**
 * Where a finding's annotation goes. Findings the gate counts without seeing them on an added
 * line are annotated too, saying why, so a failed check never points at nothing: in a file whose
 * diff GitHub did not send, on the line the service named; at a line that cannot be placed, on
 * the file's first line.
 */
function annotatedLine(f) {
    if (f.location === 'impossible-line' || f.line === null || !Number.isInteger(f.line) || f.line < 1) {
        return { line: 1, note: ` at ${(0,_locate_label__WEBPACK_IMPORTED_MODULE_0__/* .describeLine */ .ES)(f)}, which cannot be placed` };
    }
    return { line: f.line, note: f.location === 'diff-unknown' ? ', in a file whose diff GitHub did not send' : '' };
}
function planAnnotations(findings, caps) {
    const { chosen, omittedByLevel } = chooseAnnotated(findings, caps);
    const omitted = omittedByLevel.error + omittedByLevel.warning + omittedByLevel.notice;
    return { annotations: chosen.map(annotationOf), omitted, omittedByLevel };
}
/**
 * The findings that get an annotation within `caps`, in their order (most severe first), and how
 * many of each level the caps left out. Choosing renders nothing: a caller that keeps only the
 * first few renders only those (`annotationOf`), not every finding of the run.
 */
function chooseAnnotated(findings, caps) {
    for (const level of ['error', 'warning', 'notice']) {
        if (!Number.isInteger(caps[level]) || caps[level] < 0) {
            throw new TypeError(`Expected \`caps.${level}\` to be an integer from 0 and up, got ${String(caps[level])}`);
        }
    }
    const onAdded = findings
        // A suppressed or dismissed finding is listed in the summary with its reason, not flagged in
        // the diff; a flag an issue stands for is that issue's annotation.
        .filter((f) => f.disposition === undefined && f.sameAs === undefined && (f.location === 'added-line' || f.location === 'diff-unknown' || f.location === 'impossible-line'))
        // Within a level, what the gate counts first: a flag shown under `security-flags: report` never takes its place.
        .sort((a, b) => Number(b.counts) - Number(a.counts) || (0,_markdown_severity__WEBPACK_IMPORTED_MODULE_2__/* .compareFindings */ .Eg)(a, b));
    const used = { error: 0, warning: 0, notice: 0 };
    const omittedByLevel = { error: 0, warning: 0, notice: 0 };
    const chosen = [];
    for (const f of onAdded) {
        const level = LEVEL[f.severity];
        if (used[level] >= caps[level]) {
            omittedByLevel[level]++;
            continue;
        }
        used[level]++;
        chosen.push(f);
    }
    return { chosen, omittedByLevel };
}
/** A chosen finding's annotation: its level, place, title and message as plain text. */
function annotationOf(f) {
    const suggestion = f.suggestion.trim() === '' ? '' : ` Suggestion: ${f.suggestion}`;
    const { line, note } = annotatedLine(f);
    return {
        level: LEVEL[f.severity],
        path: f.path,
        line,
        title: (0,_markdown_sanitize__WEBPACK_IMPORTED_MODULE_4__/* .plainText */ .wh)(`review-gate: ${_markdown_severity__WEBPACK_IMPORTED_MODULE_2__/* .SEVERITY_LABEL */ .Rt[f.severity].word}${reportedAsText(f)}${flagText(f)}${note}`, MAX_TITLE),
        message: (0,_markdown_sanitize__WEBPACK_IMPORTED_MODULE_4__/* .plainText */ .wh)(`${f.message}${suggestion}${f.possibleInjection === true ? ` ${_markdown_injection__WEBPACK_IMPORTED_MODULE_3__/* .INJECTED_FINDING */ .hT}` : ''}`, MAX_MESSAGE),
        finding: f,
    };
}


/***/ }),

/***/ 8556:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   CONCLUSION: () => (/* binding */ CONCLUSION),
/* harmony export */   MAX_CHECK_RUN_ANNOTATIONS: () => (/* binding */ MAX_CHECK_RUN_ANNOTATIONS),
/* harmony export */   annotationsLeftOutNote: () => (/* binding */ annotationsLeftOutNote),
/* harmony export */   checkAnnotations: () => (/* binding */ checkAnnotations),
/* harmony export */   checkRunContent: () => (/* binding */ checkRunContent),
/* harmony export */   stoppedRunContent: () => (/* binding */ stoppedRunContent),
/* harmony export */   verdictTitle: () => (/* binding */ verdictTitle)
/* harmony export */ });
/* harmony import */ var _domain_verdict__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(5805);
/* harmony import */ var _annotations__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6130);
/* harmony import */ var _summary_summary__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8967);
/* harmony import */ var _markdown_sanitize__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5597);
/* harmony import */ var _domain_words__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(4717);
/**
 * The check run: a surface of the one verdict, rendered from it after the gate decides, like the
 * summary comment. Its conclusion is the verdict, its title the verdict line, its summary the run's
 * summary within GitHub's 65,535 characters, and it carries an annotation for each finding on an
 * added line, the most severe first, up to `MAX_CHECK_RUN_ANNOTATIONS` (not the workflow's
 * per-step cap of 10: the check run's annotations are its own). Its summary says how many were
 * left out and where every finding is.
 *
 * It is written on the commit the run reviewed, even when a push superseded it during the run: a
 * check run belongs to one commit, so the verdict for that commit is true there, and the run on
 * the new head writes the new head's check. Writing it never changes the verdict: a refusal or a
 * failure is reported on the other surfaces instead.
 */





const CONCLUSION = {
    passed: 'success',
    failed: 'failure',
    neutral: 'neutral',
};
const LEVEL = { error: 'failure', warning: 'warning', notice: 'notice' };
const NO_CAP = Number.MAX_SAFE_INTEGER;
const UNCAPPED = { error: NO_CAP, warning: NO_CAP, notice: NO_CAP };
/**
 * Annotations one check run carries at most. Each 50 cost a write to GitHub, and writes are paced
 * at one a second after the first five of a run (GitHub's guidance), so 30,000 findings would keep
 * the job busy for ten minutes; 250 cost five writes, a few seconds at most. It is also more than a
 * reader walks through in the diff: GitHub itself stops a job's own annotations at 50. The job
 * summary, the log, the SARIF file and the JSON report list every finding.
 */
const MAX_CHECK_RUN_ANNOTATIONS = 250;
/** Titles show on one line; the summary carries every reason in full. */
const MAX_TITLE = 255;
/** The verdict line, as plain text: `Failed: 2 error findings on added lines (fail-on-severity: error)`. */
function verdictTitle(verdict) {
    const word = _summary_summary__WEBPACK_IMPORTED_MODULE_1__/* .VERDICT_HEADING */ .pD[verdict.result].replace(/^\S+\s/, '');
    return (0,_markdown_sanitize__WEBPACK_IMPORTED_MODULE_2__/* .plainText */ .wh)(verdict.reasons.length === 0 ? word : `${word}: ${(0,_domain_verdict__WEBPACK_IMPORTED_MODULE_3__/* .reasonTexts */ .N)(verdict).join('; ')}`, MAX_TITLE);
}
/** The findings on added lines (and those the gate counts without one) as check-run annotations, most severe first, at most `cap`. */
function checkAnnotations(findings, cap = MAX_CHECK_RUN_ANNOTATIONS) {
    // Only the annotations sent are rendered: 250 of a run's 12,000 findings, say.
    const planned = (0,_annotations__WEBPACK_IMPORTED_MODULE_0__/* .chooseAnnotated */ .GI)([...findings], UNCAPPED).chosen;
    const annotations = planned.slice(0, cap).map(_annotations__WEBPACK_IMPORTED_MODULE_0__/* .annotationOf */ .lW).map((a) => ({
        path: a.path,
        start_line: a.line,
        end_line: a.line,
        annotation_level: LEVEL[a.level],
        title: a.title,
        message: a.message,
    }));
    return { annotations, leftOut: planned.length - annotations.length };
}
/** What the check run's summary says when the cap left findings out: how many, and where they all are. */
function annotationsLeftOutNote(leftOut, cap = MAX_CHECK_RUN_ANNOTATIONS) {
    if (leftOut <= 0)
        return undefined;
    return (`${(0,_domain_words__WEBPACK_IMPORTED_MODULE_4__/* .plural */ .L)(leftOut, 'more finding')} on added lines ${leftOut === 1 ? 'is' : 'are'} not annotated here: a check run carries the ${cap.toLocaleString('en-US')} most severe. ` +
        'Every finding is listed in the job summary of this run (in the log of its step when the summary has no room for them all), ' +
        'and in the SARIF file when sarif-file is set.');
}
/**
 * The check run of a decided run. `summary` renders its summary, given the note on annotations
 * the cap left out (undefined when none were).
 */
function checkRunContent(report, summary, target) {
    const { annotations, leftOut } = checkAnnotations(report.findings);
    return {
        name: target.name,
        headSha: report.pr.headSha,
        conclusion: CONCLUSION[report.verdict.result],
        title: verdictTitle(report.verdict),
        summary: summary(annotationsLeftOutNote(leftOut)),
        annotations,
        ...(target.detailsUrl === undefined ? {} : { detailsUrl: target.detailsUrl }),
    };
}
/** For a run that stopped before the gate could decide: the gate's verdict for it (`stoppedVerdict`), and why. */
function stoppedRunContent(pr, verdict, target) {
    const why = (0,_domain_verdict__WEBPACK_IMPORTED_MODULE_3__/* .reasonTexts */ .N)(verdict).map((reason) => (0,_markdown_sanitize__WEBPACK_IMPORTED_MODULE_2__/* .inlineText */ .ln)(reason, 4000)).join('\n\n');
    return checkRunContent({ pr, verdict, findings: [] }, () => `## ${_summary_summary__WEBPACK_IMPORTED_MODULE_1__/* .VERDICT_HEADING */ .pD[verdict.result]}\n\n${why}\n`, target);
}


/***/ }),

/***/ 6483:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   O5: () => (/* binding */ REST_IN_LOG),
/* harmony export */   aW: () => (/* binding */ renderCheckRunSummary),
/* harmony export */   aw: () => (/* binding */ checkRunNote),
/* harmony export */   g$: () => (/* binding */ summaryCommentNote),
/* harmony export */   qE: () => (/* binding */ renderJobSummary),
/* harmony export */   qN: () => (/* binding */ renderRunSummary)
/* harmony export */ });
/* unused harmony exports MAX_JOB_SUMMARY_BYTES, MAX_CHECK_RUN_SUMMARY_LENGTH, COMMIT_SECTION_RESERVE, REST_IN_JOB_SUMMARY */
/* harmony import */ var _domain_pull_request__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2901);
/* harmony import */ var _gate_posting__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6257);
/* harmony import */ var _domain_object_name__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(4229);
/* harmony import */ var _summary__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8967);
/* harmony import */ var _inline_section__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6388);
/**
 * The run's summary markdown, for the pull-request comment (with its hidden marker, under
 * GitHub's 65,536-character limit) and for the job summary (no marker, GitHub's 1 MiB limit).
 * The job summary lists everything when it fits, the findings posted inline too; the comment
 * lists what fits, counts the findings posted inline beside it, and points to the job summary.
 */





/**
 * GitHub drops a step's whole job summary above 1 MiB (1,048,576 bytes); 1 KiB is left spare
 * for the line ending the runner may add.
 */
const MAX_JOB_SUMMARY_BYTES = 1024 * 1024 - 1024;
/** GitHub's limit on a check run's `output.summary`. */
const MAX_CHECK_RUN_SUMMARY_LENGTH = 65_535;
/**
 * Room the commit's section (write/check-run/commit-check-content.ts) and the record take in a check run's
 * summary (GitHub allows 65,535 characters): the run's own summary is rendered within the rest.
 */
const COMMIT_SECTION_RESERVE = 8_000;
/** Where the comment sends readers for what it has no room for, and where the job summary does. */
const REST_IN_JOB_SUMMARY = 'the job summary of this run';
const REST_IN_LOG = 'the log of this step';
/**
 * The summary comment's fate, for the surfaces written after it. A failure leaves the verdict
 * as it is: this job summary, the outputs and the exit status carry it.
 */
function summaryCommentNote(report) {
    const { summary, posting } = report;
    if (summary?.kind === 'failed') {
        return `The summary comment could not be written (${summary.message}); this job summary, the step outputs and the exit status carry the verdict.`;
    }
    if (summary?.kind === 'superseded' && posting.kind === 'posted')
        return (0,_gate_posting__WEBPACK_IMPORTED_MODULE_2__/* .supersededNotice */ .Ze)(report.pr.headSha, summary.headSha, 'before-summary');
    return undefined;
}
/** The check run's fate, for the surfaces written after it; like the summary comment's, it leaves the verdict as it is. */
function checkRunNote(report) {
    const { checkRun } = report;
    if (checkRun?.kind === 'written' && checkRun.heldBy !== undefined && checkRun.heldBy.length > 0) {
        const held = checkRun.heldBy;
        const strictest = held.some((v) => v.conclusion === 'failure') ? 'failure' : 'neutral';
        const which = held.map((v) => `#${v.pr} (${v.title})`).join('; ');
        return (`The check run on ${(0,_domain_object_name__WEBPACK_IMPORTED_MODULE_3__/* .shortSha */ .F)(report.pr.headSha)} concludes ${strictest}, not as this pull request's own verdict: ` +
            `${held.length === 1 ? 'another open pull request' : 'other open pull requests'} with the same head commit ${held.length === 1 ? 'is' : 'are'} stricter there: ${which}. ` +
            'A check run belongs to a commit, not to a pull request, so it shows the strictest verdict of the pull requests it heads');
    }
    if (checkRun?.kind === 'read-only')
        return checkRun.message;
    if (checkRun?.kind === 'failed') {
        return `The check run could not be written (${checkRun.message}); this job summary, the step outputs and the exit status carry the verdict.`;
    }
    return undefined;
}
/** `local`: the terminal command's summary, where there is no pull request to post to. */
function summaryInput(report, local = false) {
    const { posting, plan } = report;
    const input = {
        verdict: report.verdict,
        files: report.outcomes,
        overflow: plan.overflow,
        notCommentable: plan.notCommentable,
        belowCommentSeverity: plan.belowCommentSeverity,
        rejected: posting.kind === 'posted' ? posting.rejected : [],
        tokensUsed: report.tokensUsed,
        headSha: report.pr.headSha,
        dryRun: posting.kind === 'dry-run' && !(0,_domain_pull_request__WEBPACK_IMPORTED_MODULE_4__/* .isMergeGroup */ .aF)(report.pr),
    };
    if ((0,_domain_pull_request__WEBPACK_IMPORTED_MODULE_4__/* .isMergeGroup */ .aF)(report.pr)) {
        const { baseSha, headSha, headRef, pulls } = report.pr;
        input.mergeGroup = { baseSha, headSha, headRef, pulls };
    }
    if (report.feedbackProblem !== undefined)
        input.feedbackProblem = report.feedbackProblem;
    if (report.threads !== undefined)
        input.threads = report.threads;
    const note = summaryCommentNote(report);
    if (note !== undefined)
        input.summaryComment = note;
    if (local)
        input.local = true;
    if (report.walkthrough !== undefined)
        input.walkthrough = report.walkthrough;
    const checkNote = checkRunNote(report);
    if (checkNote !== undefined)
        input.checkRun = checkNote;
    if (report.baselines !== undefined)
        input.baselines = report.baselines;
    if (report.policy !== undefined)
        input.policy = report.policy;
    if (posting.kind === 'posted') {
        input.inline = { posted: posting.posted.length, alreadyPresent: posting.alreadyPresent.length };
        const { inline, notPosted } = (0,_inline_section__WEBPACK_IMPORTED_MODULE_1__/* .splitInline */ .Qw)(plan.comments, plan.duplicates, posting);
        input.inlineFindings = inline;
        if (notPosted.length > 0)
            input.notPosted = notPosted;
    }
    else {
        input.notPosted = [...plan.comments.map((c) => c.finding), ...plan.duplicates];
    }
    return input;
}
/**
 * The job summary: every finding, those posted inline included, within GitHub's 1 MiB; `complete`
 * is false when it could not hold every item, and then each cut list counts what it left out and
 * says where it is: `restListedIn` (default the log of this step, which then lists every finding).
 */
function renderJobSummary(report, local = false, restListedIn = REST_IN_LOG) {
    return (0,_summary__WEBPACK_IMPORTED_MODULE_0__/* .renderSummaryWithin */ .U7)(summaryInput(report, local), {
        marker: false,
        maxLength: MAX_JOB_SUMMARY_BYTES,
        unit: 'utf8-bytes',
        restListedIn,
        listInline: true,
    });
}
/**
 * The check run's summary: what fits in its 65,535 characters, less the room the commit's section
 * and its record take (see check-verdicts.ts), the rest pointed to the job summary;
 * `annotationsNote` says how many findings its annotations left out, when any.
 */
function renderCheckRunSummary(report, annotationsNote) {
    const input = summaryInput(report);
    if (annotationsNote !== undefined)
        input.annotationsLeftOut = annotationsNote;
    return (0,_summary__WEBPACK_IMPORTED_MODULE_0__/* .renderSummaryWithin */ .U7)(input, {
        marker: false,
        maxLength: MAX_CHECK_RUN_SUMMARY_LENGTH - COMMIT_SECTION_RESERVE,
        restListedIn: REST_IN_JOB_SUMMARY,
    }).markdown;
}
function renderRunSummary(report, target) {
    if (target === 'job-summary')
        return renderJobSummary(report).markdown;
    return (0,_summary__WEBPACK_IMPORTED_MODULE_0__/* .renderSummaryWithin */ .U7)(summaryInput(report), {
        marker: true,
        maxLength: _summary__WEBPACK_IMPORTED_MODULE_0__/* .MAX_SUMMARY_COMMENT_LENGTH */ .RO,
        restListedIn: REST_IN_JOB_SUMMARY,
    }).markdown;
}


/***/ }),

/***/ 8790:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  publishVerdict: () => (/* binding */ publishVerdict)
});

// EXTERNAL MODULE: ./src/domain/pull-request.ts
var pull_request = __webpack_require__(2901);
// EXTERNAL MODULE: ./src/render/check-run.ts
var check_run = __webpack_require__(8556);
// EXTERNAL MODULE: ./src/domain/errors.ts
var errors = __webpack_require__(241);
// EXTERNAL MODULE: ./src/domain/object-name.ts
var object_name = __webpack_require__(4229);
;// CONCATENATED MODULE: ./src/run/summary-comment.ts
/**
 * The summary comment: the verdict and its details on the pull request, written after the gate
 * decided, from its verdict. Writing it never changes the verdict: a failure is an outcome the
 * surfaces written after it (the check run, the job summary) report.
 */


/** Writes the summary comment, unless posting already showed there is no point (read-only, superseded). */
async function postSummary(publisher, pr, posting, body, log) {
    if (posting.kind === 'read-only')
        return { kind: 'read-only', message: posting.message };
    if (posting.kind === 'superseded' || posting.kind === 'dry-run')
        return posting;
    let summary;
    try {
        summary = await publisher.upsertSummary(pr, body);
    }
    catch (error) {
        summary = { kind: 'failed', message: `the summary comment could not be posted to GitHub: ${(0,errors/* describeError */.Uc)(error)}` };
    }
    if (summary.kind === 'read-only' || summary.kind === 'failed')
        log.warning(summary.message);
    else if (summary.kind === 'superseded')
        log.info(`The pull request's head moved to ${(0,object_name/* shortSha */.F)(summary.headSha)}: the summary comment is left to the run on it`);
    else
        log.info(`Summary comment ${summary.kind}${summary.url === undefined ? '' : `: ${summary.url}`}`);
    return summary;
}

// EXTERNAL MODULE: ./src/render/summary/run-summary.ts
var run_summary = __webpack_require__(6483);
;// CONCATENATED MODULE: ./src/run/publish.ts




async function publishVerdict(report, surfaces) {
    const { log } = surfaces;
    const walkthrough = surfaces.walkthrough === undefined ? undefined : await walkthroughOf(report, surfaces.walkthrough, log);
    const shown = walkthrough === undefined ? report : { ...report, walkthrough };
    // A merge group has no pull request to comment on.
    const { pr } = report;
    const summary = surfaces.summaryComment === undefined || (0,pull_request/* isMergeGroup */.aF)(pr)
        ? { kind: 'dry-run' }
        : await postSummary(surfaces.summaryComment, pr, report.posting, (0,run_summary/* renderRunSummary */.qN)(shown, 'comment'), log);
    const commented = { ...shown, summary };
    const { checkRun: check } = surfaces;
    const checkRun = check === undefined ? { kind: 'off' } : await check.write((0,check_run.checkRunContent)(commented, (note) => (0,run_summary/* renderCheckRunSummary */.aW)(commented, note), check.target));
    const published = { ...commented, checkRun };
    for (const outlet of surfaces.outlets)
        await outlet(published);
    return published;
}
async function walkthroughOf(report, complete, log) {
    // Nothing changed that the service saw: nothing to walk through.
    if (report.outcomes.length === 0)
        return undefined;
    return log.group('Write the walkthrough', async () => {
        const { writeWalkthrough } = await __webpack_require__.e(/* import() */ 11).then(__webpack_require__.bind(__webpack_require__, 3011));
        const outcome = await writeWalkthrough(complete, report);
        log.info(outcome.kind === 'written' ? `Walkthrough written: ${outcome.text.length} characters.` : outcome.message);
        return outcome;
    });
}


/***/ })

};
