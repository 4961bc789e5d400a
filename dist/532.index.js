export const id = 532;
export const ids = [532];
export const modules = {

/***/ 532:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


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


/***/ })

};
