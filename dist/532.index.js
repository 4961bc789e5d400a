export const id = 532;
export const ids = [532];
export const modules = {

/***/ 532:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runnerSurfaces: () => (/* binding */ runnerSurfaces)
});

// EXTERNAL MODULE: ./src/domain/errors.ts
var errors = __webpack_require__(241);
// EXTERNAL MODULE: ./src/domain/pull-request.ts
var pull_request = __webpack_require__(2901);
// EXTERNAL MODULE: ./src/domain/verdict.ts
var domain_verdict = __webpack_require__(5805);
// EXTERNAL MODULE: ./src/render/summary/run-summary.ts
var run_summary = __webpack_require__(6483);
// EXTERNAL MODULE: ./src/render/markdown/sanitize.ts
var sanitize = __webpack_require__(5597);
// EXTERNAL MODULE: ./src/locate/label.ts + 3 modules
var label = __webpack_require__(8007);
// EXTERNAL MODULE: ./src/render/annotations.ts
var annotations = __webpack_require__(6130);
// EXTERNAL MODULE: ./src/safety/terminal.ts
var terminal = __webpack_require__(4584);
;// CONCATENATED MODULE: ./src/action/surfaces.ts
/**
 * What the action writes: the grouped log, step outputs, annotations and the line-per-finding
 * listing of what is (or would be) posted. All of it goes through `ActionsIo`, which makes every
 * text safe to print.
 */





/**
 * GitHub shows at most 10 annotations of each level per step, the action's own included: one
 * error is kept for the verdict (`setFailed`), and room for the run's warnings and notices.
 */
const ANNOTATION_CAPS = { error: 9, warning: 8, notice: 8 };
function writeOutputs(io, report) {
    const { verdict, outcomes } = report;
    const count = (kind) => outcomes.filter((o) => o.kind === kind).length;
    io.setOutput('result', verdict.result);
    io.setOutput('score', verdict.lowestScore ?? '');
    io.setOutput('average-score', verdict.averageScore ?? '');
    io.setOutput('errors', verdict.counted.error);
    io.setOutput('warnings', verdict.counted.warning);
    io.setOutput('infos', verdict.counted.info);
    io.setOutput('files-reviewed', count('reviewed'));
    io.setOutput('files-skipped', count('skipped'));
    io.setOutput('files-failed', count('failed'));
    io.setOutput('reasons', (0,domain_verdict/* reasonTexts */.N)(verdict).join('\n'));
}
/**
 * Findings on added lines as annotations, most severe first, within GitHub's per-step caps;
 * `listedIn` says where the ones left out can be read.
 */
function emitAnnotations(io, findings, listedIn) {
    const plan = (0,annotations/* planAnnotations */.mc)([...findings], ANNOTATION_CAPS);
    for (const a of plan.annotations) {
        const properties = { file: a.path, startLine: a.line, title: a.title };
        if (a.level === 'error')
            io.error(a.message, properties);
        else if (a.level === 'warning')
            io.warning(a.message, properties);
        else
            io.notice(a.message, properties);
    }
    if (plan.omitted > 0) {
        io.info(`${plan.omitted} more findings on added lines are not shown as annotations (GitHub's per-step limit); they are listed in ${listedIn}.`);
    }
}
/**
 * One line per inline comment: `path:line severity message`, the demo's and dry run's output.
 * `overflowListedIn` says truthfully where the comments over max-comments can be read.
 */
function printPlannedComments(io, report, dryRun, overflowListedIn) {
    const { comments, overflow } = report.plan;
    const heading = (0,pull_request/* isMergeGroup */.aF)(report.pr)
        ? 'Findings on added lines (a merge group has no pull request to comment on)'
        : dryRun
            ? 'Would post these inline comments (dry run)'
            : 'Inline comments on added lines';
    io.startGroup(`${heading}: ${comments.length}`);
    for (const c of comments)
        io.info(findingLine(c.finding));
    if (overflow.length > 0)
        io.info(`… and ${overflow.length} more over max-comments, listed in ${overflowListedIn}`);
    io.endGroup();
}
/**
 * Every finding of the run, one line each, for when the job summary cannot hold them all (GitHub
 * keeps 1 MiB of it per step) or there is none: nothing may be lost silently.
 */
function printAllFindings(io, findings, why) {
    if (findings.length === 0)
        return;
    io.startGroup(`Every finding of this run (${findings.length}): ${why}`);
    for (const f of findings)
        io.info(findingLine(f));
    io.endGroup();
}
/**
 * `path:line severity message`; an unknown severity shows as received, an unplaceable line as
 * sent, and a security flag as `[security flag (CWE-89, sql-injection)]` before its text.
 */
function findingLine(f) {
    const placed = f.line !== null && Number.isInteger(f.line) && f.line > 0;
    const path = (0,terminal/* visiblePath */.ex)(f.path);
    const where = placed ? `${path}:${String(f.line)}` : `${path} (${(0,label/* describeLine */.ES)(f)})`;
    const reported = f.reportedSeverity === undefined ? '' : ` (reported as ${oneLine(f.reportedSeverity).slice(0, 40)})`;
    const flag = (0,label/* describeFlag */.Kp)(f);
    return `${where} ${f.severity}${reported}${flag === '' ? '' : ` [${oneLine(flag)}]`} ${oneLine(f.message)}`;
}
function oneLine(text) {
    const flat = text.replace(/\s+/g, ' ').trim();
    return flat.length > 200 ? `${flat.slice(0, 199)}…` : flat;
}

;// CONCATENATED MODULE: ./src/action/runner.ts
/**
 * The runner's surfaces of the verdict, written last: the job summary, the step outputs, the
 * SARIF file, the annotations, the listing of what is (or would be) posted, the notices, and the
 * step's own conclusion. All of it goes through `ActionsIo`, which makes every text safe to print.
 *
 * The verdict is out already (check run, summary comment) when these are written: a job summary
 * that cannot be written is a warning, its content goes to the log, and nothing else changes.
 * Outside the runner (a local run of dist/index.js) there is no job summary file; past GitHub's
 * 1 MiB the job summary cannot list everything. Either way the log lists every finding.
 */






function runnerSurfaces(options) {
    const { io, settings } = options;
    return async (run) => {
        const jobSummary = (0,run_summary/* renderJobSummary */.qE)(run, false, listedInFull(settings.sarifFile));
        const jobSummaryWritten = options.hasJobSummary && (await writeJobSummaryOrWarn(io, jobSummary.markdown));
        const listedIn = jobSummaryWritten && jobSummary.complete ? 'the job summary' : 'the log below';
        const several = options.oneOfSeveral === true;
        if (!several)
            writeOutputs(io, run);
        if (settings.sarifFile !== '' && !several) {
            const { writeSarifOutput } = await __webpack_require__.e(/* import() */ 949).then(__webpack_require__.bind(__webpack_require__, 2949));
            await writeSarifOutput(io, run, settings.sarifFile, options.workspace, options.redactor);
        }
        emitAnnotations(io, run.findings, listedIn);
        printPlannedComments(io, run, settings.dryRun, listedIn);
        if (settings.dryRun && !(0,pull_request/* isMergeGroup */.aF)(run.pr)) {
            io.startGroup('Would post this summary comment (dry run)');
            io.info((0,run_summary/* renderRunSummary */.qN)(run, 'comment'));
            io.endGroup();
        }
        if (!options.hasJobSummary)
            printAllFindings(io, run.findings, 'there is no job summary outside the Actions runner');
        else if (!jobSummaryWritten)
            printAllFindings(io, run.findings, 'the job summary could not be written');
        else if (!jobSummary.complete)
            printAllFindings(io, run.findings, 'the job summary has no room for them all (GitHub allows 1 MiB)');
        for (const notice of run.verdict.notices)
            io.notice(notice);
        const summaryNote = (0,run_summary/* summaryCommentNote */.g$)(run);
        if (summaryNote !== undefined)
            io.notice(summaryNote);
        // A refused check run was already said in one line: only a failure, or a check run another
        // pull request holds stricter, gets the second one.
        if (run.checkRun.kind === 'failed' || (run.checkRun.kind === 'written' && run.checkRun.heldBy !== undefined)) {
            const note = (0,run_summary/* checkRunNote */.aw)(run);
            if (note !== undefined)
                io.notice(note);
        }
        if (!several)
            concludeStep(io, run);
    };
}
/**
 * Where the findings a full job summary leaves out are, for its cut lists to say: the log of this
 * step lists every finding then (`printAllFindings`), and so does the SARIF file when there is one.
 */
function listedInFull(sarifFile) {
    if (sarifFile === '')
        return `${run_summary/* REST_IN_LOG */.O5} (set \`sarif-file\` to keep every finding in a file as well)`;
    return `${run_summary/* REST_IN_LOG */.O5} and in the SARIF file ${(0,sanitize/* inlineCode */.ti)(sarifFile, 200)} (sarif-file)`;
}
/** The step's own conclusion: it fails with the verdict, and says it either way. */
function concludeStep(io, { verdict }) {
    if (verdict.result === 'failed')
        io.setFailed(`review-gate failed: ${(0,domain_verdict/* reasonTexts */.N)(verdict).join('; ')}.`);
    else if (verdict.result === 'neutral')
        io.info(`review-gate neutral: ${(0,domain_verdict/* reasonTexts */.N)(verdict).join('; ')}.`);
    else
        io.info('review-gate passed.');
}
/** Writes the job summary; false, after one warning, when the runner's file cannot be written. */
async function writeJobSummaryOrWarn(io, markdown) {
    try {
        await io.writeJobSummary(markdown);
        return true;
    }
    catch (error) {
        io.warning(`The job summary could not be written (${(0,errors/* describeError */.Uc)(error)}); the findings are listed in the log below, and the verdict stands.`);
        return false;
    }
}


/***/ }),

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


/***/ })

};
