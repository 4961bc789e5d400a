export const id = 11;
export const ids = [11];
export const modules = {

/***/ 3011:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   writeWalkthrough: () => (/* binding */ writeWalkthrough)
/* harmony export */ });
/* unused harmony exports WALKTHROUGH_BUDGETS, WALKTHROUGH_MAX_TOKENS, walkthroughRequest, walkthroughPrompt */
/* harmony import */ var _service_errors__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5756);
/* harmony import */ var _domain_run_report__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5732);
/**
 * The walkthrough (input `walkthrough`, CLI `--walkthrough`): one completion request that writes
 * a short account of what the pull request changes, per area, from the file list and the
 * review service's per-file summaries. The context window's size is not documented, so the
 * prompt is cut to a budget; a `context_too_long` answer cuts it to a quarter and tries once
 * more. It never throws: a failure becomes one line, and nothing else about the run changes.
 */


/** Characters of prompt on the first try (about 3,000 tokens at 4 characters a token), and on the retry. */
const WALKTHROUGH_BUDGETS = [12_000, 3_000];
/** The walkthrough is short: a few bullet points. */
const WALKTHROUGH_MAX_TOKENS = 400;
const SYSTEM = 'You write a short walkthrough of a pull request for the people reviewing it: what changed, grouped by area ' +
    '(a folder or a component), as at most 8 markdown bullet points. Use only the facts given; never invent a change. ' +
    'Do not list the review findings one by one.';
async function writeWalkthrough(complete, report) {
    if (report.outcomes.length === 0)
        return { kind: 'failed', message: 'No walkthrough: the change has no files.' };
    for (const [attempt, budget] of WALKTHROUGH_BUDGETS.entries()) {
        try {
            const text = (await complete(walkthroughRequest(report.outcomes, budget))).trim();
            if (text === '')
                return { kind: 'failed', message: 'No walkthrough: the completion service answered with no text.' };
            return { kind: 'written', text: text.length <= _domain_run_report__WEBPACK_IMPORTED_MODULE_1__/* .MAX_WALKTHROUGH_LENGTH */ .Z ? text : `${text.slice(0, _domain_run_report__WEBPACK_IMPORTED_MODULE_1__/* .MAX_WALKTHROUGH_LENGTH */ .Z - 1)}…` };
        }
        catch (error) {
            const tooLong = (0,_service_errors__WEBPACK_IMPORTED_MODULE_0__/* .isServiceError */ .gi)(error, 'context_too_long');
            if (tooLong && attempt < WALKTHROUGH_BUDGETS.length - 1)
                continue;
            return { kind: 'failed', message: `No walkthrough: ${failureOf(error, tooLong)}.` };
        }
    }
    return { kind: 'failed', message: 'No walkthrough: the prompt did not fit the context window.' };
}
function failureOf(error, tooLong) {
    if (tooLong)
        return 'the file list did not fit the context window even when cut to a quarter (context_too_long)';
    if (!(0,_service_errors__WEBPACK_IMPORTED_MODULE_0__/* .isApiError */ .d7)(error))
        return error instanceof Error ? error.message : String(error);
    const request = error.requestId === undefined ? '' : `, request ${error.requestId}`;
    return `the completion request failed (${error.code}${request})`;
}
/** The request for a budget of `budget` characters of prompt. */
function walkthroughRequest(outcomes, budget) {
    return { system: SYSTEM, prompt: walkthroughPrompt(outcomes, budget), max_tokens: WALKTHROUGH_MAX_TOKENS, temperature: 0.2 };
}
/**
 * The file list, sorted by path so areas sit together, each reviewed file with its summary. Over
 * the budget, summaries are cut shorter first, then the files past the budget are counted instead
 * of listed. The result is never longer than `budget`.
 */
function walkthroughPrompt(outcomes, budget) {
    const sorted = [...outcomes].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    const header = `The pull request changes ${sorted.length} file${sorted.length === 1 ? '' : 's'}. Each with what the code review said about it:`;
    for (const summaryCap of [400, 160, 0]) {
        const lines = sorted.map((outcome) => fileLine(outcome, summaryCap));
        const text = [header, ...lines].join('\n');
        if (text.length <= budget)
            return text;
    }
    const kept = [header];
    let used = header.length;
    const lines = sorted.map((outcome) => fileLine(outcome, 0));
    for (const [i, line] of lines.entries()) {
        const tail = `\n- … and ${lines.length - i} more files, left out for length`;
        if (used + 1 + line.length + tail.length > budget) {
            kept.push(tail.slice(1));
            break;
        }
        kept.push(line);
        used += 1 + line.length;
    }
    return kept.join('\n').slice(0, budget);
}
function fileLine(outcome, summaryCap) {
    const path = oneLine(outcome.path, 300);
    switch (outcome.kind) {
        case 'reviewed': {
            const summary = summaryCap === 0 ? '' : oneLine(outcome.summary, summaryCap);
            return `- ${path} (${outcome.language})${summary === '' ? '' : `: ${summary}`}`;
        }
        case 'skipped':
            return `- ${path}: not reviewed (${oneLine(outcome.reason, 80)})`;
        case 'failed':
            return `- ${path}: not reviewed`;
    }
}
function oneLine(text, max) {
    const flat = text.replace(/\s+/g, ' ').trim();
    return flat.length <= max ? flat : `${flat.slice(0, Math.max(0, max - 1))}…`;
}


/***/ })

};
