export const id = 967;
export const ids = [967];
export const modules = {

/***/ 5732:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Z: () => (/* binding */ MAX_WALKTHROUGH_LENGTH)
/* harmony export */ });
/** The walkthrough atop the summary (run/walkthrough.ts), or the one line saying why there is none. */
/** Characters of walkthrough shown at most; the rest is cut with an ellipsis. */
const MAX_WALKTHROUGH_LENGTH = 4_000;


/***/ }),

/***/ 6388:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   NN: () => (/* binding */ inlineItem),
/* harmony export */   Qw: () => (/* binding */ splitInline),
/* harmony export */   hR: () => (/* binding */ inlineSection)
/* harmony export */ });
/* harmony import */ var _domain_words__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4717);
/* harmony import */ var _summary_sections__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7604);


/**
 * The findings of the plan's comments that are on the pull request, each comment's folded
 * duplicates right after it, in the plan's order; and those whose comment is not there (GitHub
 * refused it, or it was never sent), which the summary lists as not posted. A security flag is
 * left to the flags' own list, as in every list of findings.
 */
function splitInline(comments, duplicates, review) {
    const there = new Set([...review.posted, ...review.alreadyPresent].map((c) => c.fingerprint));
    const refused = new Set(review.rejected.map((c) => c.fingerprint));
    const folded = new Map();
    for (const f of duplicates)
        folded.set(f.fingerprint, [...(folded.get(f.fingerprint) ?? []), f]);
    const inline = [];
    const notPosted = [];
    for (const comment of comments) {
        const findings = [comment.finding, ...(folded.get(comment.fingerprint) ?? [])].filter((f) => f.source !== 'security-flag');
        if (there.has(comment.fingerprint)) {
            const url = review.links?.get(comment.fingerprint);
            inline.push(...findings.map((finding) => (url === undefined ? { finding } : { finding, url })));
        }
        else if (refused.has(comment.fingerprint)) {
            // The refused comment itself is listed with "Rejected by GitHub"; its folded duplicates here.
            notPosted.push(...findings.slice(1));
        }
        else {
            notPosted.push(...findings);
        }
    }
    return { inline, notPosted };
}
/** Only a link GitHub could have given: https, nothing that could end the markdown link. */
const SAFE_LINK = /^https:\/\/[^\s()<>[\]]+$/;
const inlineItems = new WeakMap();
/** A finding's line, marked as posted inline: rendered once for the run, as `findingItem` is. */
function inlineItem(inline) {
    let item = inlineItems.get(inline);
    if (item === undefined) {
        const where = inline.url !== undefined && SAFE_LINK.test(inline.url) ? `[inline comment](${inline.url})` : 'inline comment';
        item = `${(0,_summary_sections__WEBPACK_IMPORTED_MODULE_0__/* .findingItem */ .dY)(inline.finding)} — posted as an ${where}`;
        inlineItems.set(inline, item);
    }
    return item;
}
/**
 * The findings with inline comments: listed one by one (`list`, the job summary), or counted in
 * one line that says where they are (the summary comment and the check run; `restListedIn`
 * names where they are listed too).
 */
function inlineSection(out, inline, room, list) {
    if (inline === undefined || inline.length === 0)
        return;
    const count = (0,_domain_words__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .L)(inline.length, 'finding', 'findings');
    if (!list) {
        const also = room.restListedIn === undefined ? '' : `; ${room.restListedIn} lists them too`;
        out.line(`**Posted inline:** ${count} ${inline.length === 1 ? 'is' : 'are'} in the inline comments on this pull request, not repeated here${also}.`);
        return;
    }
    out.line(`### Findings posted inline (${inline.length})`);
    out.line('');
    (0,_summary_sections__WEBPACK_IMPORTED_MODULE_0__/* .details */ .zH)(out, `Inline comments on the pull request (${inline.length})`, (body) => (0,_summary_sections__WEBPACK_IMPORTED_MODULE_0__/* .cappedList */ .oR)(body, inline, room, 'findings', inlineItem));
}


/***/ }),

/***/ 7604:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Gr: () => (/* binding */ oncePerFiles),
/* harmony export */   H0: () => (/* binding */ failedSection),
/* harmony export */   M5: () => (/* binding */ filesTable),
/* harmony export */   OS: () => (/* binding */ more),
/* harmony export */   Rp: () => (/* binding */ shownOf),
/* harmony export */   WT: () => (/* binding */ findingsSection),
/* harmony export */   Zj: () => (/* binding */ keptByRuleMarkdown),
/* harmony export */   dY: () => (/* binding */ findingItem),
/* harmony export */   h$: () => (/* binding */ LOCATION_TITLE),
/* harmony export */   oR: () => (/* binding */ cappedList),
/* harmony export */   s_: () => (/* binding */ skippedSection),
/* harmony export */   zH: () => (/* binding */ details)
/* harmony export */ });
/* harmony import */ var _locate_label__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8007);
/* harmony import */ var _domain_finding_effect__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2379);
/* harmony import */ var _domain_describe_outcome__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9710);
/* harmony import */ var _markdown_sanitize__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(5597);
/* harmony import */ var _markdown_severity__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2925);
/* harmony import */ var _summary_writer__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(4243);
/* harmony import */ var _markdown_injection__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(5985);







const MAX_PATH = 200;
const MAX_MESSAGE = 300;
const MAX_REASON = 300;
/**
 * The line that counts what a list left out for room: "… and 3 more findings", or, when the
 * caller knows where the full list is, "3 more findings are listed in the job summary of this
 * run." (`what` is a regular plural: reasons, notices, findings, files).
 */
function more(rest, what, restListedIn) {
    if (restListedIn === undefined)
        return `… and ${rest} more ${what}`;
    const noun = rest === 1 ? what.slice(0, -1) : what;
    return `${rest.toLocaleString('en-US')} more ${noun} ${rest === 1 ? 'is' : 'are'} listed in ${restListedIn}.`;
}
function place(f) {
    const lineOk = f.line !== null && Number.isInteger(f.line) && f.line > 0;
    if (lineOk)
        return (0,_markdown_sanitize__WEBPACK_IMPORTED_MODULE_4__/* .inlineCode */ .ti)(`${f.path}:${String(f.line)}`, MAX_PATH + 12);
    return `${(0,_markdown_sanitize__WEBPACK_IMPORTED_MODULE_4__/* .inlineCode */ .ti)(f.path, MAX_PATH)} (${(0,_markdown_sanitize__WEBPACK_IMPORTED_MODULE_4__/* .inlineText */ .ln)((0,_locate_label__WEBPACK_IMPORTED_MODULE_0__/* .describeLine */ .ES)(f), 60)})`;
}
function findingItem(f) {
    let line = findingLines.get(f);
    if (line === undefined) {
        const { icon } = _markdown_severity__WEBPACK_IMPORTED_MODULE_3__/* .SEVERITY_LABEL */ .Rt[f.severity];
        line = `- ${icon} ${place(f)}${(0,_markdown_severity__WEBPACK_IMPORTED_MODULE_3__/* .reportedAs */ .cW)(f)} — ${(0,_markdown_sanitize__WEBPACK_IMPORTED_MODULE_4__/* .inlineText */ .ln)(f.message, MAX_MESSAGE)}${f.possibleInjection === true ? ` — ⚠️ ${_markdown_injection__WEBPACK_IMPORTED_MODULE_5__/* .INJECTION_MARK */ .MW}` : ''}`;
        findingLines.set(f, line);
    }
    return line;
}
/** `does not fail the check: fail-on-severity never for this file, by policy rule 1 (`legacy/**`)`, in markdown. */
function keptByRuleMarkdown(f) {
    const below = f.belowFailOnSeverity;
    if ((0,_domain_finding_effect__WEBPACK_IMPORTED_MODULE_1__/* .keptFromFailingByRule */ .qk)(f) === undefined || below?.rule === undefined)
        return '';
    const globs = below.rule.paths.map((p) => (0,_markdown_sanitize__WEBPACK_IMPORTED_MODULE_4__/* .inlineCode */ .ti)(p, 100)).join(', ');
    return ` — does not fail the check: fail-on-severity ${below.failOnSeverity} for this file, by policy rule ${below.rule.number} (${globs})`;
}
/**
 * Each finding's line, rendered once for the run (a finding never changes): a summary fitted to
 * its size limit renders its lists once per step of a bisection, and three summaries are fitted
 * (the comment, the job summary, the check run). Rendering every line again at every step made
 * gigabytes of garbage on a run of 30,000 findings, and a peak RSS over its target.
 */
const findingLines = new WeakMap();
/**
 * `derive`, computed once per list of files: a summary fitted to its size limit is rendered once
 * per step of a bisection, from the same files each time, so what every render derives from them
 * (the findings set aside, the flags, the files with notes) is derived once.
 */
function oncePerFiles(derive) {
    const derived = new WeakMap();
    return (files) => {
        if (derived.has(files))
            return derived.get(files);
        const result = derive(files);
        derived.set(files, result);
        return result;
    };
}
/** How many of `count` items a list shows in `room`. */
function shownOf(count, room) {
    return Math.min(count, Math.max(0, room.cap));
}
/** Writes a bulleted list of at most `room.cap` items, the rest counted; only the shown ones are rendered. */
function cappedList(out, items, room, what, item) {
    const shown = shownOf(items.length, room);
    for (let i = 0; i < shown; i++)
        out.line(item(items[i]));
    const rest = items.length - shown;
    if (rest > 0)
        out.line(`- ${more(rest, what, room.restListedIn)}`);
}
/** Writes a collapsed block: the summary line always shows, the body only when opened. */
function details(out, title, body) {
    out.line('<details>');
    out.line(`<summary>${title}</summary>`);
    out.line('');
    body(out);
    out.line('');
    out.line('</details>');
}
const LOCATION_TITLE = {
    'added-line': 'On added lines',
    'diff-context': 'On unchanged lines shown in the diff',
    'outside-diff': 'Outside the diff',
    'diff-unknown': 'Where the diff does not say which lines are added',
    'impossible-line': 'At a line that does not exist in the file',
};
function findingsSection(out, groups, room, title = 'Findings not posted inline') {
    const nonEmpty = groups.filter((g) => g.findings.length > 0);
    if (nonEmpty.length === 0)
        return;
    const total = nonEmpty.reduce((n, g) => n + g.findings.length, 0);
    // A finding a policy rule keeps from failing the check says so here too: the group's title cannot.
    const item = (f) => `${findingItem(f)}${keptByRuleMarkdown(f)}`;
    const blocks = new _summary_writer__WEBPACK_IMPORTED_MODULE_6__/* .BlockWriter */ .$7(out);
    blocks.text(`### ${title} (${total})`);
    for (const g of nonEmpty) {
        details(blocks.next(), `${g.title} (${g.findings.length})`, (body) => cappedList(body, g.findings, room, 'findings', item));
    }
}
/** A file's findings by severity; a flag an issue stands for is that issue, counted once. */
function counts(findings) {
    const c = { error: 0, warning: 0, info: 0 };
    for (const f of findings)
        if (f.sameAs === undefined)
            c[f.severity]++;
    return c;
}
/** What fails a file, in its Status cell: `❌ fails (errors, score)`. */
const FAILS_BY = { error: 'errors', warning: 'warnings', info: 'infos', score: 'score' };
/**
 * A file's row, rendered once for its status and score cells (`cells`; empty for a file not
 * reviewed): a summary fitted to its limit renders its table once per step of the search.
 */
function fileRow(f, cells) {
    const known = fileRows.get(f);
    if (known?.cells === cells)
        return known.row;
    const path = (0,_markdown_sanitize__WEBPACK_IMPORTED_MODULE_4__/* .inlineCode */ .ti)(f.path, MAX_PATH, 'table');
    let row;
    // Not "failed": that word would blur with a reviewed file that fails the check.
    if (f.kind !== 'reviewed')
        row = `| ${path} | ❌ not reviewed | — | — | — | — |`;
    else {
        const named = f.previousPath === undefined ? path : `${(0,_markdown_sanitize__WEBPACK_IMPORTED_MODULE_4__/* .inlineCode */ .ti)(f.previousPath, MAX_PATH, 'table')} → ${path}`;
        const c = counts(f.findings);
        row = `| ${named} | ${cells} | ${c.error} | ${c.warning} | ${c.info} |`;
    }
    fileRows.set(f, { cells, row });
    return row;
}
const fileRows = new WeakMap();
/** The table's files: those not reviewed first, then the reviewed ones, lowest score first. */
const tableOrder = oncePerFiles((files) => [
    ...files.filter((f) => f.kind === 'failed'),
    ...files.filter((f) => f.kind === 'reviewed').sort((a, b) => a.score - b.score),
]);
/**
 * The per-file table. A reviewed file that fails the check by itself (`failing`, from the
 * verdict: its counted findings at a failing severity, or its score) says so and why; a renamed
 * file shows its old name first, `old → new`; `baselines`: files judged against their base
 * version show its score first, `40 → 45`.
 */
function filesTable(out, files, room, failing = new Map(), baselines) {
    const all = tableOrder(files);
    if (all.length === 0)
        return;
    const row = (f) => {
        if (f.kind !== 'reviewed')
            return fileRow(f, '');
        const base = baselines?.get(f.path);
        const score = base?.kind === 'scored' ? `${base.score} → ${f.score}` : String(f.score);
        const fails = failing.get(f.path);
        const status = fails === undefined ? '✅ reviewed' : `❌ fails (${fails.map((what) => FAILS_BY[what]).join(', ')})`;
        return fileRow(f, `${status} | ${score}`);
    };
    const { error, warning, info } = _markdown_severity__WEBPACK_IMPORTED_MODULE_3__/* .SEVERITY_LABEL */ .Rt;
    out.line('### Files');
    out.line('');
    out.line(`| File | Status | Score | ${error.icon} Errors | ${warning.icon} Warnings | ${info.icon} Infos |`);
    out.line('| --- | --- | ---: | ---: | ---: | ---: |');
    const shown = shownOf(all.length, room);
    for (let i = 0; i < shown; i++)
        out.line(row(all[i]));
    const rest = all.length - shown;
    if (rest === 0)
        return;
    // A line right under a table would be read as one more row: the count gets a blank line first.
    out.line('');
    out.line(more(rest, 'files', room.restListedIn));
}
function skippedSection(out, files, room) {
    const skipped = files.filter((f) => f.kind === 'skipped');
    if (skipped.length === 0)
        return;
    const item = (f) => `- ${(0,_markdown_sanitize__WEBPACK_IMPORTED_MODULE_4__/* .inlineCode */ .ti)(f.path, MAX_PATH)} — ${(0,_markdown_sanitize__WEBPACK_IMPORTED_MODULE_4__/* .inlineText */ .ln)(f.reason, MAX_REASON)}`;
    details(out, `Skipped files (${skipped.length})`, (body) => cappedList(body, skipped, room, 'files', item));
}
function failedSection(out, files, room) {
    const failed = files.filter((f) => f.kind === 'failed');
    if (failed.length === 0)
        return;
    const item = (f) => {
        // Named once: in the reason when the service's text quotes it (and it is not cut off), else here.
        const reason = (0,_markdown_sanitize__WEBPACK_IMPORTED_MODULE_4__/* .inlineText */ .ln)(f.reason, MAX_REASON);
        const requestId = (0,_domain_describe_outcome__WEBPACK_IMPORTED_MODULE_2__/* .requestIdToShow */ .Bl)({ reason, ...(f.requestId === undefined ? {} : { requestId: f.requestId }) });
        const extra = [
            f.code === undefined ? '' : `code ${(0,_markdown_sanitize__WEBPACK_IMPORTED_MODULE_4__/* .inlineCode */ .ti)(f.code, 60)}`,
            requestId === undefined ? '' : `request id ${(0,_markdown_sanitize__WEBPACK_IMPORTED_MODULE_4__/* .inlineCode */ .ti)(requestId, 100)}`,
        ].filter((s) => s !== '');
        const suffix = extra.length === 0 ? '' : ` (${extra.join(', ')})`;
        return `- ${(0,_markdown_sanitize__WEBPACK_IMPORTED_MODULE_4__/* .inlineCode */ .ti)(f.path, MAX_PATH)} — ${reason}${suffix}`;
    };
    out.line(`### Files that could not be reviewed (${failed.length})`);
    out.line('');
    cappedList(out, failed, room, 'files', item);
}


/***/ }),

/***/ 4243:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $7: () => (/* binding */ BlockWriter),
/* harmony export */   Dx: () => (/* binding */ linesOf),
/* harmony export */   NX: () => (/* binding */ MeasuringWriter),
/* harmony export */   cv: () => (/* binding */ CollectingWriter),
/* harmony export */   kD: () => (/* binding */ measureText)
/* harmony export */ });
/**
 * Where a summary is written: line by line, either kept to be joined once into its markdown, or
 * only measured. Fitting a summary to its size limit tries it with several caps on its lists; each
 * try is measured, never joined, so the search builds no whole summary string (for 12,000
 * findings, a megabyte a try, held by the garbage collector's old space until the run ends). The
 * lines themselves are the lists' items, each rendered once for the run, so a measured try
 * allocates nearly nothing.
 */
function measureText(text, unit) {
    return unit === 'utf8-bytes' ? Buffer.byteLength(text, 'utf8') : text.length;
}
/** Counts the length of what is written, line breaks included, and keeps none of it. */
class MeasuringWriter {
    unit;
    length = 0;
    constructor(unit) {
        this.unit = unit;
    }
    line(text) {
        this.length += measureText(text, this.unit) + 1;
    }
}
/** Keeps the lines written, for one join at the end. */
class CollectingWriter {
    lines = [];
    line(text) {
        this.lines.push(text);
    }
    /** Each line followed by a line break. */
    text() {
        return this.lines.length === 0 ? '' : `${this.joined()}\n`;
    }
    /** The lines with a line break between each two: a part of a larger text. */
    joined() {
        return this.lines.join('\n');
    }
}
/** What `write` writes, as one string with a line break between each two lines (a small block, rendered once). */
function linesOf(write) {
    const out = new CollectingWriter();
    write(out);
    return out.joined();
}
/**
 * Writes blocks one after the other, with one blank line between each two that wrote anything:
 * what joining the blocks' texts with `\n\n`, the empty ones left out, gives. `next()` starts a
 * block and returns its writer.
 */
class BlockWriter {
    out;
    wrote = false;
    blankPending = false;
    writer = {
        line: (text) => {
            if (this.blankPending)
                this.out.line('');
            this.blankPending = false;
            this.wrote = true;
            this.out.line(text);
        },
    };
    constructor(out) {
        this.out = out;
    }
    next() {
        this.blankPending = this.wrote;
        return this.writer;
    }
    /** A block of one text, left out when empty. */
    text(text) {
        if (text !== '')
            this.next().line(text);
    }
}


/***/ }),

/***/ 8967:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  RO: () => (/* binding */ MAX_SUMMARY_COMMENT_LENGTH),
  pD: () => (/* binding */ VERDICT_HEADING),
  U7: () => (/* binding */ renderSummaryWithin)
});

// UNUSED EXPORTS: renderSummary

;// CONCATENATED MODULE: ./src/render/summary/largest-fitting.ts
/**
 * The largest n in [0, count) whose rendering is within `limit`, where the length grows with n
 * (a summary's length grows with how many items each list shows), and that rendering. Each
 * rendering is a whole summary, so as few are made as can be: the next n is interpolated between
 * the largest n known to fit and the smallest known not to (lengths grow about linearly with n;
 * count itself is known not to fit, at `countLength`), and a step that does not halve the bracket
 * is followed by a bisection, so the search never takes more than twice a bisection's steps.
 * n is -1 when none fits.
 */
function largestFitting(count, countLength, limit, render) {
    let low = -1; // The largest n known to fit (-1: none yet, of length 0 by convention).
    let lowLength = 0;
    let value;
    let high = count; // The smallest n known not to fit.
    let highLength = countLength;
    let bisectNext = false;
    while (high - low > 1) {
        const next = bisectNext
            ? Math.floor((low + high) / 2)
            : low + Math.floor(((limit - lowLength) * (high - low)) / Math.max(1, highLength - lowLength));
        const n = Math.min(high - 1, Math.max(low + 1, next));
        const before = high - low;
        const tried = render(n);
        if (tried.length <= limit) {
            low = n;
            lowLength = tried.length;
            value = tried.value;
        }
        else {
            high = n;
            highLength = tried.length;
        }
        bisectNext = !bisectNext && high - low > before / 2;
    }
    return { n: low, value };
}

// EXTERNAL MODULE: ./src/render/summary/summary-writer.ts
var summary_writer = __webpack_require__(4243);
// EXTERNAL MODULE: ./src/domain/object-name.ts
var object_name = __webpack_require__(4229);
// EXTERNAL MODULE: ./src/domain/words.ts
var words = __webpack_require__(4717);
// EXTERNAL MODULE: ./src/domain/verdict.ts
var verdict = __webpack_require__(5805);
// EXTERNAL MODULE: ./src/domain/markers.ts
var markers = __webpack_require__(999);
;// CONCATENATED MODULE: ./src/render/counted.ts

/** Which counted findings fail the check, by `fail-on-severity`. */
const FAILING_SEVERITIES = {
    error: 'only errors fail the check',
    warning: 'errors and warnings fail the check',
    info: 'findings of every severity fail the check',
    never: 'no finding fails the check',
};
/** `counted by the gate: 2 errors, 6 warnings, 2 infos`, then which of them fail the check. */
function countedFacts(verdict, files) {
    const { error, warning, info } = verdict.counted;
    const facts = [`counted by the gate: ${(0,words/* plural */.L)(error, 'error', 'errors')}, ${(0,words/* plural */.L)(warning, 'warning', 'warnings')}, ${(0,words/* plural */.L)(info, 'info', 'infos')}`];
    if (verdict.failOnSeverity === undefined)
        return facts;
    const ruled = files.some((f) => f.kind === 'reviewed' && f.settings?.decidedBy['fail-on-severity'] !== undefined);
    facts.push(`${FAILING_SEVERITIES[verdict.failOnSeverity]} (fail-on-severity: ${verdict.failOnSeverity})${ruled ? ", unless a policy rule sets a file's own" : ''}`);
    return facts;
}

// EXTERNAL MODULE: ./src/render/markdown/sanitize.ts
var sanitize = __webpack_require__(5597);
// EXTERNAL MODULE: ./src/render/summary/summary-sections.ts
var summary_sections = __webpack_require__(7604);
;// CONCATENATED MODULE: ./src/render/summary/dispositions-section.ts



const MAX_REASON = 300;
const MAX_LOGIN = 60;
function reviewedFindings(files) {
    return files.flatMap((f) => (f.kind === 'reviewed' ? f.findings : []));
}
/** Set-aside findings; a security flag an issue stands for is that issue, listed once. */
const setAside = (0,summary_sections/* oncePerFiles */.Gr)((files) => reviewedFindings(files).filter((f) => f.disposition !== undefined && f.sameAs === undefined));
const refusedSetAside = (0,summary_sections/* oncePerFiles */.Gr)((files) => reviewedFindings(files).filter((f) => f.disposition === undefined && f.sameAs === undefined && (f.refusedDispositions?.length ?? 0) > 0));
function setAsideItem(f) {
    const d = f.disposition;
    if (d === undefined)
        return (0,summary_sections/* findingItem */.dY)(f);
    const why = d.kind === 'dismissed'
        ? `dismissed by ${(0,sanitize/* inlineText */.ln)(`@${d.by}`, MAX_LOGIN)}: ${(0,sanitize/* inlineText */.ln)(d.reason, MAX_REASON)}`
        : `suppressed by ${(0,sanitize/* inlineCode */.ti)('review-gate-ignore', 30)} on line ${d.line}: ${(0,sanitize/* inlineText */.ln)(d.reason, MAX_REASON)}`;
    return `${(0,summary_sections/* findingItem */.dY)(f)} — **${why}**`;
}
function refusedItem(f) {
    return `${(0,summary_sections/* findingItem */.dY)(f)} — ${(f.refusedDispositions ?? []).map((why) => (0,sanitize/* inlineText */.ln)(why, MAX_REASON)).join('; ')}`;
}
/** Set-aside findings, refused attempts, and the feedback that could not be read. */
function dispositionsSection(out, files, room, feedbackProblem) {
    const aside = setAside(files);
    const refused = refusedSetAside(files);
    if (feedbackProblem === undefined && aside.length === 0 && refused.length === 0)
        return;
    const blocks = new summary_writer/* BlockWriter */.$7(out);
    blocks.text('### Dismissals and suppressions');
    if (feedbackProblem !== undefined)
        blocks.text(`⚠️ ${(0,sanitize/* inlineText */.ln)(feedbackProblem, 600)}`);
    if (aside.length > 0) {
        (0,summary_sections/* details */.zH)(blocks.next(), `Suppressed or dismissed, not counted by the gate (${aside.length})`, (body) => (0,summary_sections/* cappedList */.oR)(body, aside, room, 'findings', setAsideItem));
    }
    if (refused.length > 0) {
        (0,summary_sections/* details */.zH)(blocks.next(), `Suppressions or dismissals that do not count (${refused.length})`, (body) => (0,summary_sections/* cappedList */.oR)(body, refused, room, 'findings', refusedItem));
    }
}
/** Findings fixed since the last run, and what became of their threads. */
function fixedSection(out, threads, room) {
    if (threads === undefined || threads.fixed === 0)
        return;
    const done = [
        threads.resolved > 0 ? `${threads.resolved} ${threads.resolved === 1 ? 'thread' : 'threads'} resolved` : '',
        threads.markedFixed > 0 ? `${threads.markedFixed} ${threads.markedFixed === 1 ? 'comment' : 'comments'} marked fixed, as the token may not resolve threads` : '',
        threads.left.length > 0 ? `${threads.left.length} left open` : '',
    ].filter((s) => s !== '');
    const line = `**Fixed since the last run:** ${threads.fixed} ${threads.fixed === 1 ? 'finding' : 'findings'} (${done.join(', ')}).`;
    out.line(line);
    if (threads.left.length === 0)
        return;
    const item = (l) => `- ${(0,sanitize/* inlineCode */.ti)(l.path, 200)} — ${(0,sanitize/* inlineText */.ln)(l.why, MAX_REASON)}`;
    out.line('');
    (0,summary_sections/* cappedList */.oR)(out, threads.left, room, 'threads', item);
}

// EXTERNAL MODULE: ./src/domain/finding-effect.ts
var finding_effect = __webpack_require__(2379);
// EXTERNAL MODULE: ./src/render/markdown/flag.ts
var flag = __webpack_require__(188);
// EXTERNAL MODULE: ./src/render/markdown/severity.ts
var severity = __webpack_require__(2925);
;// CONCATENATED MODULE: ./src/render/summary/flags-section.ts





const flags_section_MAX_REASON = 300;
/** Every security flag of the reviewed files, most severe first. */
const securityFlagsOf = (0,summary_sections/* oncePerFiles */.Gr)((files) => files.flatMap((f) => (f.kind === 'reviewed' ? f.findings.filter((x) => x.source === 'security-flag') : [])).sort(severity/* compareFindings */.Eg));
function flags_section_status(f) {
    if (f.counts)
        return `**counted by the gate**${(0,summary_sections/* keptByRuleMarkdown */.Zj)(f)}`;
    if (f.disposition !== undefined) {
        const why = f.sameAs === undefined ? 'see below' : 'with the issue on this line, which says the same';
        return `not counted: ${f.disposition.kind} (${why})`;
    }
    return `not counted: ${(0,sanitize/* inlineText */.ln)((0,finding_effect/* whyNotFailing */.ud)(f) ?? '', flags_section_MAX_REASON)}`;
}
function flagItem(f) {
    return `${(0,summary_sections/* findingItem */.dY)(f)}${(0,flag/* flagFactsMarkdown */.J)(f)} — ${flags_section_status(f)}`;
}
function securityFlagsSection(out, files, room) {
    const flags = securityFlagsOf(files);
    if (flags.length === 0)
        return;
    out.line(`### Security flags (${flags.length})`);
    out.line('');
    (0,summary_sections/* cappedList */.oR)(out, flags, room, 'flags', flagItem);
}

;// CONCATENATED MODULE: ./src/render/summary/notes-section.ts



const MAX_PATH = 200;
/** Characters of the summary shown on the block's line, and in the block. */
const MAX_PREVIEW = 120;
const MAX_SUMMARY = 2_000;
const MAX_SUGGESTION = 500;
/** The reviewed files the service said something of, in the run's order. */
const filesWithNotes = (0,summary_sections/* oncePerFiles */.Gr)((files) => files.filter((f) => f.kind === 'reviewed' && (f.summary.trim() !== '' || f.suggestions.some((s) => s.trim() !== ''))));
/** Each file's block when its suggestions all fit, which then does not depend on the room: rendered once. */
const wholeNotes = new WeakMap();
function fileNotes(file, room) {
    const suggestions = file.suggestions.filter((s) => s.trim() !== '');
    const fits = suggestions.length <= room.cap;
    const known = fits ? wholeNotes.get(file) : undefined;
    if (known !== undefined)
        return known;
    const block = renderNotes(file, suggestions, room);
    if (fits)
        wholeNotes.set(file, block);
    return block;
}
function renderNotes(file, suggestions, room) {
    const preview = (0,sanitize/* inlineText */.ln)(file.summary, MAX_PREVIEW);
    const line = `<summary><code>${(0,sanitize/* inlineText */.ln)(file.path, MAX_PATH)}</code>${preview === '' ? '' : `: ${preview}`}</summary>`;
    // The whole summary in the block only when its line had to cut it.
    const whole = preview === (0,sanitize/* inlineText */.ln)(file.summary, MAX_SUMMARY) ? '' : (0,sanitize/* blockText */.dK)(file.summary, MAX_SUMMARY);
    const list = suggestions.length === 0 ? '' : (0,summary_writer/* linesOf */.Dx)((out) => (0,summary_sections/* cappedList */.oR)(out, suggestions, room, 'suggestions', (s) => `- ${(0,sanitize/* inlineText */.ln)(s, MAX_SUGGESTION)}`));
    const body = [whole, list].filter((part) => part !== '');
    return ['<details>', line, '', body.join('\n\n'), '', '</details>'].join('\n');
}
function notesSection(out, files, room) {
    const noted = filesWithNotes(files);
    if (noted.length === 0)
        return;
    const blocks = new summary_writer/* BlockWriter */.$7(out);
    blocks.text(`### What the service says of each file (${noted.length})`);
    const shown = (0,summary_sections/* shownOf */.Rp)(noted.length, room);
    for (let i = 0; i < shown; i++)
        blocks.text(fileNotes(noted[i], room));
    const rest = noted.length - shown;
    if (rest > 0)
        blocks.text(`- ${(0,summary_sections/* more */.OS)(rest, 'files', room.restListedIn)}`);
}

// EXTERNAL MODULE: ./src/render/markdown/injection.ts
var injection = __webpack_require__(5985);
;// CONCATENATED MODULE: ./src/render/summary/injection-section.ts



/** The reviewed files carrying the mark, in the list's order. */
const markedFiles = (0,summary_sections/* oncePerFiles */.Gr)((files) => files.filter((f) => f.kind === 'reviewed' && f.injection !== undefined));
function injectionSection(out, files, room) {
    const marked = markedFiles(files);
    if (marked.length === 0)
        return;
    const item = (f) => `- ⚠️ ${(0,sanitize/* inlineCode */.ti)(f.path, 200)} — ${(0,sanitize/* inlineText */.ln)((0,injection/* markedFileText */.cv)(f.injection, f.score), 600)}`;
    out.line(`### ⚠️ Possible prompt injection (${marked.length})`);
    out.line('');
    (0,summary_sections/* cappedList */.oR)(out, marked, room, 'files', item);
}

;// CONCATENATED MODULE: ./src/render/summary/suppressions-section.ts


const suppressions_section_MAX_REASON = 300;
const MARKER = (0,sanitize/* inlineCode */.ti)('review-gate-ignore', 30);
const findingsOf = (files) => files.flatMap((f) => (f.kind === 'reviewed' ? f.findings.filter((x) => x.sameAs === undefined) : []));
/** Findings a marker the change adds would suppress, waiting for approval. */
const waitingForApproval = (0,summary_sections/* oncePerFiles */.Gr)((files) => findingsOf(files).filter((f) => f.awaitingApproval !== undefined));
/** Findings a marker the change adds suppresses. */
const addedSuppressions = (0,summary_sections/* oncePerFiles */.Gr)((files) => findingsOf(files).filter((f) => f.disposition?.kind === 'suppressed' && f.disposition.addedHere === true));
function waitingItem(f) {
    const w = f.awaitingApproval;
    if (w === undefined)
        return (0,summary_sections/* findingItem */.dY)(f);
    return `${(0,summary_sections/* findingItem */.dY)(f)} — **counted until approved:** ${MARKER} on line ${w.line}: ${(0,sanitize/* inlineText */.ln)(w.reason, suppressions_section_MAX_REASON)} (${(0,sanitize/* inlineText */.ln)(w.why, suppressions_section_MAX_REASON)})`;
}
function addedItem(f) {
    const d = f.disposition;
    return d?.kind === 'suppressed' ? `${(0,summary_sections/* findingItem */.dY)(f)} — suppressed by ${MARKER} on line ${d.line}: ${(0,sanitize/* inlineText */.ln)(d.reason, suppressions_section_MAX_REASON)}` : (0,summary_sections/* findingItem */.dY)(f);
}
function suppressionsSection(out, files, room, who) {
    const waiting = waitingForApproval(files);
    const added = addedSuppressions(files);
    if (waiting.length === 0 && added.length === 0)
        return;
    out.line(`### Suppressions ${who.toLowerCase()} adds (${waiting.length + added.length})`);
    if (waiting.length > 0) {
        out.line('');
        (0,summary_sections/* details */.zH)(out, `Suppressions waiting for approval (${waiting.length})`, (body) => (0,summary_sections/* cappedList */.oR)(body, waiting, room, 'findings', waitingItem));
    }
    if (added.length > 0) {
        out.line('');
        (0,summary_sections/* details */.zH)(out, `Suppressing, not counted by the gate (${added.length})`, (body) => (0,summary_sections/* cappedList */.oR)(body, added, room, 'findings', addedItem));
    }
}

// EXTERNAL MODULE: ./src/render/summary/inline-section.ts
var inline_section = __webpack_require__(6388);
;// CONCATENATED MODULE: ./src/render/summary/policy-section.ts


const policy_section_MAX_PATH = 200;
/** Files whose settings a rule decided, in the run's order. */
function ruledFiles(files) {
    return files.flatMap((f) => (f.kind !== 'skipped' && f.settings !== undefined && f.settings.rules.length > 0 ? [{ path: f.path, settings: f.settings }] : []));
}
function policySection(out, policy, files, room, change = 'This change') {
    if (policy === undefined)
        return;
    const file = (0,sanitize/* inlineCode */.ti)(policy.path, 100);
    out.line('### Policy');
    out.line('');
    const { applied } = policy;
    if (applied === undefined) {
        out.line(`No ${file} at the base commit: the workflow's inputs alone decided.`);
    }
    else {
        const set = applied.set.map(({ key, value }) => `${key} ${(0,sanitize/* inlineText */.ln)(showValue(value), 120)}`);
        const rules = applied.rules.length === 1 ? '1 rule' : `${applied.rules.length} rules`;
        out.line(`${file} at the base commit ${(0,sanitize/* inlineCode */.ti)(applied.commit.slice(0, 12), 20)} applied: ${[...set, rules].join(' · ')}.`);
    }
    if (policy.changedHere) {
        out.line('');
        out.line(`⚠️ ${change} edits ${file}: the edit applies once it is merged. This run used the base commit's policy, never the change's own.`);
    }
    const ruled = ruledFiles(files);
    if (applied !== undefined && ruled.length > 0) {
        const globs = new Map(applied.rules.map((rule) => [rule.number, rule.paths.map((p) => (0,sanitize/* inlineCode */.ti)(p, 100)).join(', ')]));
        const item = ({ path, settings }) => `- ${(0,sanitize/* inlineCode */.ti)(path, policy_section_MAX_PATH)} — ${decided(settings, globs)}`;
        out.line('');
        out.line(`Files a rule decided (${ruled.length}):`);
        out.line('');
        (0,summary_sections/* cappedList */.oR)(out, ruled, room, 'files', item);
    }
}
/** `min-score 20, fail-on-severity never by rule 1 (legacy/**)`, one clause per deciding rule. */
function decided(settings, globs) {
    const byRule = new Map();
    for (const [key, rule] of Object.entries(settings.decidedBy))
        byRule.set(rule, [...(byRule.get(rule) ?? []), `${key} ${policy_section_valueOf(settings, key)}`]);
    const clauses = [...byRule].sort(([a], [b]) => a - b).map(([rule, keys]) => `${keys.join(', ')} by rule ${rule} (${globs.get(rule) ?? ''})`);
    const matchedOnly = settings.rules.filter((rule) => !byRule.has(rule)).map((rule) => `rule ${rule} matched, and later rules set all it sets`);
    return [...clauses, ...matchedOnly].join('; ');
}
function policy_section_valueOf(settings, key) {
    switch (key) {
        case 'focus-areas':
            return settings.focusAreas.length === 0 ? "(the service's default)" : settings.focusAreas.join(', ');
        case 'fail-on-severity':
            return settings.failOnSeverity;
        case 'min-score':
            return String(settings.minScore);
        case 'gate-scope':
            return settings.gateScope;
        default:
            return '';
    }
}
/** A list value as the input reads it (one entry per line) shows on one line; an empty one as none. */
function showValue(value) {
    const entries = value.split('\n').map((e) => e.trim()).filter((e) => e !== '');
    return entries.length === 0 ? '(none)' : entries.join(', ');
}

;// CONCATENATED MODULE: ./src/render/summary/kept-section.ts


/** Counted findings a rule keeps from failing the check; a flag an issue stands for is that issue. */
const keptByRule = (0,summary_sections/* oncePerFiles */.Gr)((files) => files.flatMap((f) => (f.kind === 'reviewed' ? f.findings.filter((x) => x.sameAs === undefined && (0,finding_effect/* keptFromFailingByRule */.qk)(x) !== undefined) : [])));
function keptByRuleSection(out, files, room) {
    const kept = keptByRule(files);
    if (kept.length === 0)
        return;
    const item = (f) => `${(0,summary_sections/* findingItem */.dY)(f)}${(0,summary_sections/* keptByRuleMarkdown */.Zj)(f)}`;
    (0,summary_sections/* details */.zH)(out, `Counted, but a policy rule keeps them from failing the check (${kept.length})`, (body) => (0,summary_sections/* cappedList */.oR)(body, kept, room, 'findings', item));
}

// EXTERNAL MODULE: ./src/domain/run-report.ts
var run_report = __webpack_require__(5732);
;// CONCATENATED MODULE: ./src/render/summary/summary.ts
/**
 * The run's summary in markdown: the pull-request summary comment (found again by
 * `SUMMARY_MARKER` and edited on every push) and the Actions job summary, from one renderer.
 * Layout: verdict and reasons, a per-file table, every security flag, findings not posted inline,
 * the findings posted inline (listed in the job summary, counted elsewhere), what the service
 * says of each file, skipped and failed files, tokens used. Everything the service or a pull request's author wrote is sanitized.
 */


















/** GitHub's limit on a comment body. */
const MAX_SUMMARY_COMMENT_LENGTH = 65_536;
const MIN_LENGTH = 1_000;
const ORDER = ['diff-context', 'outside-diff', 'diff-unknown', 'impossible-line', 'added-line'];
/** The summary's first words: a contract tests and readers rely on (`## ❌ Failed: …`). */
const VERDICT_HEADING = {
    passed: '✅ Passed',
    failed: '❌ Failed',
    neutral: '⚪ Neutral',
};
function verdictSection(v, room) {
    const reasons = (0,verdict/* reasonTexts */.N)(v).map((r) => (0,sanitize/* inlineText */.ln)(r, 300));
    const shown = reasons.slice(0, Math.max(1, room.cap));
    const rest = reasons.length - shown.length;
    const text = [...shown, ...(rest > 0 ? [(0,summary_sections/* more */.OS)(rest, 'reasons', room.restListedIn)] : [])].join('; ');
    const line = `## ${VERDICT_HEADING[v.result]}${text === '' ? '' : `: ${text}`}`;
    const notices = v.notices.slice(0, room.cap).map((n) => `- ℹ️ ${(0,sanitize/* inlineText */.ln)(n, 300)}`);
    const noticesRest = v.notices.length - notices.length;
    if (noticesRest > 0)
        notices.push(`- ${(0,summary_sections/* more */.OS)(noticesRest, 'notices', room.restListedIn)}`);
    return [line, ...(notices.length > 0 ? ['', ...notices] : [])].join('\n');
}
function factsSection(input) {
    const v = input.verdict;
    const count = (kind) => input.files.filter((f) => f.kind === kind).length;
    const cached = input.files.filter((f) => f.kind === 'reviewed' && f.fromCache === true).length;
    const fromCache = cached > 0 ? ` (${cached} from the cache)` : '';
    const facts = [
        `${(0,words/* plural */.L)(count('reviewed'), 'file', 'files')} reviewed${fromCache}, ${count('skipped')} skipped, ${count('failed')} not reviewed`,
        // Said beside the counts, so counted warnings are not read as failing the check when they do not.
        ...countedFacts(v, input.files),
    ];
    if (v.lowestScore !== undefined) {
        const avg = v.averageScore === undefined ? '' : `, average ${Math.round(v.averageScore * 10) / 10}`;
        facts.push(`lowest quality score ${v.lowestScore}${avg}`);
    }
    if (input.inline !== undefined) {
        facts.push(`${(0,words/* plural */.L)(input.inline.posted, 'inline comment', 'inline comments')} posted, ${input.inline.alreadyPresent} already present`);
    }
    const lines = [`${facts.join(' · ')}.`];
    if (input.annotationsLeftOut !== undefined)
        lines.push(`ℹ️ ${(0,sanitize/* inlineText */.ln)(input.annotationsLeftOut, 600)}`);
    if (input.dryRun === true && input.local !== true)
        lines.unshift('**Dry run:** nothing was posted to the pull request.');
    if (input.mergeGroup !== undefined)
        lines.unshift(mergeGroupLine(input.mergeGroup));
    if (input.checkRun !== undefined)
        lines.unshift(`⚠️ ${(0,sanitize/* inlineText */.ln)(input.checkRun, 600)}`);
    if (input.summaryComment !== undefined)
        lines.unshift(`⚠️ ${(0,sanitize/* inlineText */.ln)(input.summaryComment, 600)}`);
    return lines.join('\n\n');
}
/**
 * Which merge group was reviewed and what of it: the pull request its queue branch names (the
 * newest of the group), and the two commits. Nothing is posted: there is no pull request.
 */
function mergeGroupLine(group) {
    const which = group.pulls.length > 0 ? `of ${group.pulls.map((n) => `#${n}`).join(', ')}` : (0,sanitize/* inlineCode */.ti)(group.headRef === '' ? 'without a head_ref' : group.headRef, 200);
    const range = (0,sanitize/* inlineCode */.ti)(`${group.baseSha.slice(0, 12)}...${group.headSha.slice(0, 12)}`, 40);
    return (`**Merge group ${which}:** reviewed the changes ${range}, what the queue would merge. ` +
        `Nothing is posted to a pull request: the check run on ${(0,sanitize/* inlineCode */.ti)(group.headSha.slice(0, 12), 20)} carries this verdict.`);
}
/** Text the completion service wrote: untrusted like every answer, so sanitized as a block. */
function walkthroughSection(walkthrough) {
    if (walkthrough === undefined)
        return '';
    if (walkthrough.kind === 'failed')
        return `_${(0,sanitize/* inlineText */.ln)(walkthrough.message, 300)}_`;
    return `### Walkthrough\n\n${(0,sanitize/* blockText */.dK)(walkthrough.text, run_report/* MAX_WALKTHROUGH_LENGTH */.Z + 200)}`;
}
function footer(input) {
    const parts = [`Tokens used: ${input.tokensUsed.toLocaleString('en-US')}`];
    if (input.headSha !== undefined && input.headSha !== '') {
        parts.push(`reviewed at ${(0,sanitize/* inlineCode */.ti)((0,object_name/* shortSha */.F)(input.headSha), 20)}`);
    }
    return `<sub>${parts.join(' · ')} · review-gate</sub>`;
}
/** What was reviewed, as a sentence starts with it. */
function changeName(input) {
    return input.mergeGroup === undefined ? (input.local === true ? 'This change' : 'This pull request') : 'This merge group';
}
/** There is no pull request to post to: a local run, or a merge group. */
function nothingToPostTo(input) {
    return input.local === true || input.mergeGroup !== undefined;
}
/** The lists of findings not posted inline; security flags are listed in a section of their own. */
function groups(input) {
    const byLocation = ORDER.map((location) => ({
        title: summary_sections/* LOCATION_TITLE */.h$[location],
        findings: input.notCommentable.filter((f) => f.location === location),
    }));
    const all = [
        { title: nothingToPostTo(input) ? 'On added lines' : 'On added lines (their inline comments were not posted)', findings: input.notPosted ?? [] },
        { title: 'Over the inline-comment limit (max-comments)', findings: input.overflow },
        { title: 'Below comment-severity', findings: input.belowCommentSeverity ?? [] },
        { title: 'Rejected by GitHub', findings: input.rejected.map((c) => c.finding) },
        ...byLocation,
    ];
    return all.map((group) => ({ ...group, findings: group.findings.filter((f) => f.source !== 'security-flag') }));
}
function measure(text, options) {
    return (0,summary_writer/* measureText */.kD)(text, options.unit ?? 'characters');
}
function describeLimit(options) {
    return options.unit === 'utf8-bytes'
        ? `${Math.floor(options.maxLength / 1024).toLocaleString('en-US')} KiB`
        : `${options.maxLength.toLocaleString('en-US')} characters`;
}
/** Writes the summary with at most `room.cap` items a list, its sections a blank line apart. */
function render(out, input, options, room, complete) {
    const cutNote = complete || options.restListedIn === undefined
        ? ''
        : `_Not every item fits in this summary (GitHub allows ${describeLimit(options)}): what is left out is listed in ${options.restListedIn}._`;
    const sections = new summary_writer/* BlockWriter */.$7(out);
    sections.text(options.marker ? markers/* SUMMARY_MARKER */.Qi : '');
    sections.text(walkthroughSection(input.walkthrough));
    sections.text(verdictSection(input.verdict, room));
    sections.text(factsSection(input));
    sections.text(cutNote);
    policySection(sections.next(), input.policy, input.files, room, changeName(input));
    keptByRuleSection(sections.next(), input.files, room);
    (0,summary_sections/* filesTable */.M5)(sections.next(), input.files, room, (0,verdict/* failingFiles */.a)(input.verdict), input.baselines);
    injectionSection(sections.next(), input.files, room);
    securityFlagsSection(sections.next(), input.files, room);
    // A local run or a merge group posts nothing, so no finding is "not posted".
    (0,summary_sections/* findingsSection */.WT)(sections.next(), groups(input), room, nothingToPostTo(input) ? 'Findings' : undefined);
    suppressionsSection(sections.next(), input.files, room, changeName(input));
    (0,inline_section/* inlineSection */.hR)(sections.next(), input.inlineFindings, room, options.listInline === true);
    dispositionsSection(sections.next(), input.files, room, input.feedbackProblem);
    fixedSection(sections.next(), input.threads, room);
    notesSection(sections.next(), input.files, room);
    (0,summary_sections/* failedSection */.H0)(sections.next(), input.files, room);
    (0,summary_sections/* skippedSection */.s_)(sections.next(), input.files, room);
    sections.text(footer(input));
}
/** The summary's length with `room`, measured as it is written: no text is kept. */
function lengthWith(input, options, room, complete) {
    const out = new summary_writer/* MeasuringWriter */.NX(options.unit ?? 'characters');
    render(out, input, options, room, complete);
    return out.length;
}
/** The summary's markdown with `room`. */
function textWith(input, options, room, complete) {
    const out = new summary_writer/* CollectingWriter */.cv();
    render(out, input, options, room, complete);
    return out.text();
}
/** The length of every finding line the findings lists would show, each with its line break. */
function listedFindingsLength(input, options) {
    let length = 0;
    for (const group of groups(input))
        for (const f of group.findings)
            length += measure((0,summary_sections/* findingItem */.dY)(f), options) + 1;
    for (const inline of listedInline(input, options))
        length += measure((0,inline_section/* inlineItem */.NN)(inline), options) + 1;
    return length;
}
/** The findings posted inline that this summary lists one by one (the job summary's), else none. */
function listedInline(input, options) {
    return options.listInline === true ? (input.inlineFindings ?? []) : [];
}
/** The longest list of the summary: with that many items per list, nothing is left out. */
function longestList(input, options) {
    const kinds = ['reviewed', 'failed', 'skipped'].map((k) => input.files.filter((f) => f.kind === k).length);
    const findings = [...groups(input).map((g) => g.findings.length), listedInline(input, options).length];
    const noted = filesWithNotes(input.files);
    const others = [
        setAside(input.files).length,
        refusedSetAside(input.files).length,
        input.threads?.left.length ?? 0,
        securityFlagsOf(input.files).length,
        markedFiles(input.files).length,
        waitingForApproval(input.files).length,
        addedSuppressions(input.files).length,
        ruledFiles(input.files).length,
        keptByRule(input.files).length,
        noted.length,
        ...noted.map((f) => f.suggestions.length),
    ];
    return Math.max(input.verdict.reasons.length, input.verdict.notices.length, input.files.length, ...kinds, ...findings, ...others);
}
/**
 * Renders the summary within `options.maxLength`: every item when it fits, otherwise as many
 * items per list as fit (found by a search that measures each try and keeps none), each cut list
 * saying how many it left out and where they are. The verdict, counts and footer always stay.
 */
function renderSummaryWithin(input, options) {
    if (!Number.isInteger(options.maxLength) || options.maxLength < MIN_LENGTH) {
        throw new TypeError(`Expected \`maxLength\` to be an integer from ${MIN_LENGTH} and up, got ${String(options.maxLength)}`);
    }
    const room = (cap) => options.restListedIn === undefined ? { cap } : { cap, restListedIn: options.restListedIn };
    const all = longestList(input, options);
    // The lines of the findings lists alone are a floor of the whole text's length: over the limit,
    // the whole summary cannot fit, and is not built (for 30,000 findings, strings of megabytes).
    const floor = listedFindingsLength(input, options);
    const whole = floor > options.maxLength ? undefined : lengthWith(input, options, room(all), true);
    if (whole !== undefined && whole <= options.maxLength)
        return { markdown: textWith(input, options, room(all), true), complete: true };
    // Lengths grow with the cap: the largest cap that fits, each cap tried interpolated from the
    // lengths already measured, so the search measures a handful of summaries near the answer (plain
    // bisection measured about fifteen, the first with half of every list), and writes out one.
    const fits = largestFitting(all, whole ?? floor, options.maxLength, (cap) => ({ length: lengthWith(input, options, room(cap), false), value: cap })).value;
    if (fits !== undefined)
        return { markdown: textWith(input, options, room(fits), false), complete: false };
    // Only reachable when a tiny maxLength meets many lists: keep the verdict, drop the details.
    const minimal = [
        options.marker ? markers/* SUMMARY_MARKER */.Qi : '',
        verdictSection(input.verdict, room(0)),
        factsSection(input),
        '_The details did not fit in this summary; see the job summary and the log._',
    ].filter((s) => s !== '');
    const text = `${minimal.join('\n\n')}\n`;
    const markdown = measure(text, options) <= options.maxLength ? text : cutToFit(text, options);
    return { markdown, complete: false };
}
/** The last resort: the longest start of the text that fits, never a character in half, then an ellipsis. */
function cutToFit(text, options) {
    const chars = Array.from(text);
    const ending = (n) => `${chars.slice(0, n).join('').trimEnd()}…\n`;
    let low = 0;
    let high = chars.length;
    while (low < high) {
        const mid = Math.ceil((low + high) / 2);
        if (measure(ending(mid), options) <= options.maxLength)
            low = mid;
        else
            high = mid - 1;
    }
    return ending(low);
}
/** `renderSummaryWithin`, for callers that only need the markdown. */
function renderSummary(input, options) {
    return renderSummaryWithin(input, options).markdown;
}


/***/ })

};
