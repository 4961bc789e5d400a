export const id = 443;
export const ids = [443];
export const modules = {

/***/ 5805:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   N: () => (/* binding */ reasonTexts),
/* harmony export */   a: () => (/* binding */ failingFiles)
/* harmony export */ });
/** The reasons' sentences, in order: what the outputs, the title and the log show. */
function reasonTexts(verdict) {
    return verdict.reasons.map((reason) => reason.text);
}
/**
 * The reviewed files that fail the check by themselves, each with what fails it: the severities of
 * its counted findings that do (most severe first), and `score` when its quality score does.
 */
function failingFiles(verdict) {
    const files = new Map();
    for (const reason of verdict.reasons) {
        const what = reason.cause === 'score' ? 'score' : reason.cause === 'findings' ? reason.severity : undefined;
        if (what === undefined)
            continue;
        for (const path of reason.paths ?? []) {
            const seen = files.get(path) ?? [];
            if (!seen.includes(what))
                files.set(path, [...seen, what]);
        }
    }
    return files;
}


/***/ }),

/***/ 9443:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  RO: () => (/* binding */ MAX_SUMMARY_COMMENT_LENGTH),
  pD: () => (/* binding */ VERDICT_HEADING),
  U7: () => (/* binding */ renderSummaryWithin)
});

// UNUSED EXPORTS: renderSummary

;// CONCATENATED MODULE: ./src/publish/summary/largest-fitting.ts
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

// EXTERNAL MODULE: ./src/domain/object-name.ts
var object_name = __webpack_require__(4229);
// EXTERNAL MODULE: ./src/domain/words.ts
var words = __webpack_require__(4717);
// EXTERNAL MODULE: ./src/domain/verdict.ts
var verdict = __webpack_require__(5805);
// EXTERNAL MODULE: ./src/report/markers.ts
var markers = __webpack_require__(605);
// EXTERNAL MODULE: ./src/report/markdown/sanitize.ts
var sanitize = __webpack_require__(9575);
// EXTERNAL MODULE: ./src/locate/label.ts + 12 modules
var label = __webpack_require__(1235);
// EXTERNAL MODULE: ./src/domain/describe-outcome.ts
var describe_outcome = __webpack_require__(9710);
// EXTERNAL MODULE: ./src/report/markdown/severity.ts
var severity = __webpack_require__(815);
;// CONCATENATED MODULE: ./src/publish/summary/summary-sections.ts




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
        return (0,sanitize/* inlineCode */.ti)(`${f.path}:${String(f.line)}`, MAX_PATH + 12);
    return `${(0,sanitize/* inlineCode */.ti)(f.path, MAX_PATH)} (${(0,sanitize/* inlineText */.ln)((0,label/* describeLine */.ES)(f), 60)})`;
}
function findingItem(f) {
    let line = findingLines.get(f);
    if (line === undefined) {
        const { icon } = severity/* SEVERITY_LABEL */.Rt[f.severity];
        line = `- ${icon} ${place(f)}${(0,severity/* reportedAs */.cW)(f)} — ${(0,sanitize/* inlineText */.ln)(f.message, MAX_MESSAGE)}`;
        findingLines.set(f, line);
    }
    return line;
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
/** A bulleted list of at most `room.cap` items, the rest counted; only the shown ones are rendered. */
function cappedList(items, room, what, item) {
    const shown = items.slice(0, room.cap).map(item);
    const rest = items.length - shown.length;
    return rest > 0 ? [...shown, `- ${more(rest, what, room.restListedIn)}`] : [...shown];
}
/** A collapsed block: the summary line always shows, the list only when opened. */
function details(title, body) {
    return ['<details>', `<summary>${title}</summary>`, '', ...body, '', '</details>'].join('\n');
}
const LOCATION_TITLE = {
    'added-line': 'On added lines',
    'diff-context': 'On unchanged lines shown in the diff',
    'outside-diff': 'Outside the diff',
    'diff-unknown': 'Where the diff does not say which lines are added',
    'impossible-line': 'At a line that does not exist in the file',
};
function findingsSection(groups, room, title = 'Findings not posted inline') {
    const nonEmpty = groups.filter((g) => g.findings.length > 0);
    if (nonEmpty.length === 0)
        return '';
    const total = nonEmpty.reduce((n, g) => n + g.findings.length, 0);
    const blocks = nonEmpty.map((g) => details(`${g.title} (${g.findings.length})`, cappedList(g.findings, room, 'findings', findingItem)));
    return [`### ${title} (${total})`, ...blocks].join('\n\n');
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
    const path = (0,sanitize/* inlineCode */.ti)(f.path, MAX_PATH, 'table');
    let row;
    // Not "failed": that word would blur with a reviewed file that fails the check.
    if (f.kind !== 'reviewed')
        row = `| ${path} | ❌ not reviewed | — | — | — | — |`;
    else {
        const named = f.previousPath === undefined ? path : `${(0,sanitize/* inlineCode */.ti)(f.previousPath, MAX_PATH, 'table')} → ${path}`;
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
function filesTable(files, room, failing = new Map(), baselines) {
    const all = tableOrder(files);
    if (all.length === 0)
        return '';
    const shown = all.slice(0, room.cap).map((f) => {
        if (f.kind !== 'reviewed')
            return fileRow(f, '');
        const base = baselines?.get(f.path);
        const score = base?.kind === 'scored' ? `${base.score} → ${f.score}` : String(f.score);
        const fails = failing.get(f.path);
        const status = fails === undefined ? '✅ reviewed' : `❌ fails (${fails.map((what) => FAILS_BY[what]).join(', ')})`;
        return fileRow(f, `${status} | ${score}`);
    });
    const { error, warning, info } = severity/* SEVERITY_LABEL */.Rt;
    const head = [
        `| File | Status | Score | ${error.icon} Errors | ${warning.icon} Warnings | ${info.icon} Infos |`,
        '| --- | --- | ---: | ---: | ---: | ---: |',
    ];
    const rest = all.length - shown.length;
    // A line right under a table would be read as one more row: the count gets a blank line first.
    const tail = rest > 0 ? ['', more(rest, 'files', room.restListedIn)] : [];
    return ['### Files', '', ...head, ...shown, ...tail].join('\n');
}
function skippedSection(files, room) {
    const skipped = files.filter((f) => f.kind === 'skipped');
    if (skipped.length === 0)
        return '';
    const item = (f) => `- ${(0,sanitize/* inlineCode */.ti)(f.path, MAX_PATH)} — ${(0,sanitize/* inlineText */.ln)(f.reason, MAX_REASON)}`;
    return details(`Skipped files (${skipped.length})`, cappedList(skipped, room, 'files', item));
}
function failedSection(files, room) {
    const failed = files.filter((f) => f.kind === 'failed');
    if (failed.length === 0)
        return '';
    const item = (f) => {
        // Named once: in the reason when the service's text quotes it (and it is not cut off), else here.
        const reason = (0,sanitize/* inlineText */.ln)(f.reason, MAX_REASON);
        const requestId = (0,describe_outcome/* requestIdToShow */.Bl)({ reason, ...(f.requestId === undefined ? {} : { requestId: f.requestId }) });
        const extra = [
            f.code === undefined ? '' : `code ${(0,sanitize/* inlineCode */.ti)(f.code, 60)}`,
            requestId === undefined ? '' : `request id ${(0,sanitize/* inlineCode */.ti)(requestId, 100)}`,
        ].filter((s) => s !== '');
        const suffix = extra.length === 0 ? '' : ` (${extra.join(', ')})`;
        return `- ${(0,sanitize/* inlineCode */.ti)(f.path, MAX_PATH)} — ${reason}${suffix}`;
    };
    return [`### Files that could not be reviewed (${failed.length})`, '', ...cappedList(failed, room, 'files', item)].join('\n');
}

;// CONCATENATED MODULE: ./src/publish/summary/dispositions-section.ts


const dispositions_section_MAX_REASON = 300;
const MAX_LOGIN = 60;
function reviewedFindings(files) {
    return files.flatMap((f) => (f.kind === 'reviewed' ? f.findings : []));
}
/** Set-aside findings; a security flag an issue stands for is that issue, listed once. */
const setAside = oncePerFiles((files) => reviewedFindings(files).filter((f) => f.disposition !== undefined && f.sameAs === undefined));
const refusedSetAside = oncePerFiles((files) => reviewedFindings(files).filter((f) => f.disposition === undefined && f.sameAs === undefined && (f.refusedDispositions?.length ?? 0) > 0));
function setAsideItem(f) {
    const d = f.disposition;
    if (d === undefined)
        return findingItem(f);
    const why = d.kind === 'dismissed'
        ? `dismissed by ${(0,sanitize/* inlineText */.ln)(`@${d.by}`, MAX_LOGIN)}: ${(0,sanitize/* inlineText */.ln)(d.reason, dispositions_section_MAX_REASON)}`
        : `suppressed by ${(0,sanitize/* inlineCode */.ti)('review-gate-ignore', 30)} on line ${d.line}: ${(0,sanitize/* inlineText */.ln)(d.reason, dispositions_section_MAX_REASON)}`;
    return `${findingItem(f)} — **${why}**`;
}
function refusedItem(f) {
    return `${findingItem(f)} — ${(f.refusedDispositions ?? []).map((why) => (0,sanitize/* inlineText */.ln)(why, dispositions_section_MAX_REASON)).join('; ')}`;
}
/** Set-aside findings, refused attempts, and the feedback that could not be read. */
function dispositionsSection(files, room, feedbackProblem) {
    const aside = setAside(files);
    const refused = refusedSetAside(files);
    const parts = [];
    if (feedbackProblem !== undefined)
        parts.push(`⚠️ ${(0,sanitize/* inlineText */.ln)(feedbackProblem, 600)}`);
    if (aside.length > 0) {
        parts.push(details(`Suppressed or dismissed, not counted by the gate (${aside.length})`, cappedList(aside, room, 'findings', setAsideItem)));
    }
    if (refused.length > 0) {
        parts.push(details(`Suppressions or dismissals that do not count (${refused.length})`, cappedList(refused, room, 'findings', refusedItem)));
    }
    return parts.length === 0 ? '' : ['### Dismissals and suppressions', ...parts].join('\n\n');
}
/** Findings fixed since the last run, and what became of their threads. */
function fixedSection(threads, room) {
    if (threads === undefined || threads.fixed === 0)
        return '';
    const done = [
        threads.resolved > 0 ? `${threads.resolved} ${threads.resolved === 1 ? 'thread' : 'threads'} resolved` : '',
        threads.markedFixed > 0 ? `${threads.markedFixed} ${threads.markedFixed === 1 ? 'comment' : 'comments'} marked fixed, as the token may not resolve threads` : '',
        threads.left.length > 0 ? `${threads.left.length} left open` : '',
    ].filter((s) => s !== '');
    const line = `**Fixed since the last run:** ${threads.fixed} ${threads.fixed === 1 ? 'finding' : 'findings'} (${done.join(', ')}).`;
    if (threads.left.length === 0)
        return line;
    const item = (l) => `- ${(0,sanitize/* inlineCode */.ti)(l.path, 200)} — ${(0,sanitize/* inlineText */.ln)(l.why, dispositions_section_MAX_REASON)}`;
    return [line, '', ...cappedList(threads.left, room, 'threads', item)].join('\n');
}

// EXTERNAL MODULE: ./src/report/markdown/flag.ts
var flag = __webpack_require__(1930);
;// CONCATENATED MODULE: ./src/publish/summary/flags-section.ts




const flags_section_MAX_REASON = 300;
/** Where a flag sits when its place is why it does not count (only in `gate-scope: added`). */
const UNCOUNTED_PLACE = {
    'diff-context': 'on an unchanged line shown in the diff',
    'outside-diff': 'outside the diff',
};
/** Every security flag of the reviewed files, most severe first. */
const securityFlagsOf = oncePerFiles((files) => files.flatMap((f) => (f.kind === 'reviewed' ? f.findings.filter((x) => x.source === 'security-flag') : [])).sort(severity/* compareFindings */.Eg));
function flags_section_status(f) {
    if (f.counts)
        return '**counted by the gate**';
    if (f.disposition !== undefined) {
        const why = f.sameAs === undefined ? 'see below' : 'with the issue on this line, which says the same';
        return `not counted: ${f.disposition.kind} (${why})`;
    }
    if (f.uncounted !== undefined)
        return `not counted: ${(0,sanitize/* inlineText */.ln)(f.uncounted, flags_section_MAX_REASON)}`;
    const place = UNCOUNTED_PLACE[f.location];
    return place === undefined ? 'not counted' : `not counted: ${place} (gate-scope: added counts added lines)`;
}
function flagItem(f) {
    return `${findingItem(f)}${(0,flag/* flagFactsMarkdown */.J)(f)} — ${flags_section_status(f)}`;
}
function securityFlagsSection(files, room) {
    const flags = securityFlagsOf(files);
    if (flags.length === 0)
        return '';
    return [`### Security flags (${flags.length})`, '', ...cappedList(flags, room, 'flags', flagItem)].join('\n');
}

;// CONCATENATED MODULE: ./src/publish/summary/notes-section.ts


const notes_section_MAX_PATH = 200;
/** Characters of the summary shown on the block's line, and in the block. */
const MAX_PREVIEW = 120;
const MAX_SUMMARY = 2_000;
const MAX_SUGGESTION = 500;
/** The reviewed files the service said something of, in the run's order. */
const filesWithNotes = oncePerFiles((files) => files.filter((f) => f.kind === 'reviewed' && (f.summary.trim() !== '' || f.suggestions.some((s) => s.trim() !== ''))));
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
    const line = `<summary><code>${(0,sanitize/* inlineText */.ln)(file.path, notes_section_MAX_PATH)}</code>${preview === '' ? '' : `: ${preview}`}</summary>`;
    // The whole summary in the block only when its line had to cut it.
    const whole = preview === (0,sanitize/* inlineText */.ln)(file.summary, MAX_SUMMARY) ? '' : (0,sanitize/* blockText */.dK)(file.summary, MAX_SUMMARY);
    const body = [
        whole,
        suggestions.length === 0 ? '' : cappedList(suggestions, room, 'suggestions', (s) => `- ${(0,sanitize/* inlineText */.ln)(s, MAX_SUGGESTION)}`).join('\n'),
    ].filter((part) => part !== '');
    return ['<details>', line, '', body.join('\n\n'), '', '</details>'].join('\n');
}
function notesSection(files, room) {
    const noted = filesWithNotes(files);
    if (noted.length === 0)
        return '';
    const shown = noted.slice(0, room.cap).map((f) => fileNotes(f, room));
    const rest = noted.length - shown.length;
    return [`### What the service says of each file (${noted.length})`, ...shown, ...(rest > 0 ? [`- ${more(rest, 'files', room.restListedIn)}`] : [])].join('\n\n');
}

;// CONCATENATED MODULE: ./src/publish/summary/policy-section.ts


const policy_section_MAX_PATH = 200;
/** Files whose settings a rule decided, in the run's order. */
function ruledFiles(files) {
    return files.flatMap((f) => (f.kind !== 'skipped' && f.settings !== undefined && f.settings.rules.length > 0 ? [{ path: f.path, settings: f.settings }] : []));
}
function policySection(policy, files, room, change = 'This change') {
    if (policy === undefined)
        return '';
    const file = (0,sanitize/* inlineCode */.ti)(policy.path, 100);
    const lines = ['### Policy', ''];
    const { applied } = policy;
    if (applied === undefined) {
        lines.push(`No ${file} at the base commit: the workflow's inputs alone decided.`);
    }
    else {
        const set = applied.set.map(({ key, value }) => `${key} ${(0,sanitize/* inlineText */.ln)(showValue(value), 120)}`);
        const rules = applied.rules.length === 1 ? '1 rule' : `${applied.rules.length} rules`;
        lines.push(`${file} at the base commit ${(0,sanitize/* inlineCode */.ti)(applied.commit.slice(0, 12), 20)} applied: ${[...set, rules].join(' · ')}.`);
    }
    if (policy.changedHere) {
        lines.push('', `⚠️ ${change} edits ${file}: the edit applies once it is merged. This run used the base commit's policy, never the change's own.`);
    }
    const ruled = ruledFiles(files);
    if (applied !== undefined && ruled.length > 0) {
        const globs = new Map(applied.rules.map((rule) => [rule.number, rule.paths.map((p) => (0,sanitize/* inlineCode */.ti)(p, 100)).join(', ')]));
        const item = ({ path, settings }) => `- ${(0,sanitize/* inlineCode */.ti)(path, policy_section_MAX_PATH)} — ${decided(settings, globs)}`;
        lines.push('', `Files a rule decided (${ruled.length}):`, '', ...cappedList(ruled, room, 'files', item));
    }
    return lines.join('\n');
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

// EXTERNAL MODULE: ./src/publish/walkthrough.ts
var publish_walkthrough = __webpack_require__(2361);
;// CONCATENATED MODULE: ./src/publish/summary/summary.ts
/**
 * The run's summary in markdown: the pull-request summary comment (found again by
 * `SUMMARY_MARKER` and edited on every push) and the Actions job summary, from one renderer.
 * Layout: verdict and reasons, a per-file table, every security flag, findings not posted inline,
 * what the service says of each file, skipped and failed files, tokens used. Everything the service or a pull request's author wrote is sanitized.
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
    const text = [...shown, ...(rest > 0 ? [more(rest, 'reasons', room.restListedIn)] : [])].join('; ');
    const line = `## ${VERDICT_HEADING[v.result]}${text === '' ? '' : `: ${text}`}`;
    const notices = v.notices.slice(0, room.cap).map((n) => `- ℹ️ ${(0,sanitize/* inlineText */.ln)(n, 300)}`);
    const noticesRest = v.notices.length - notices.length;
    if (noticesRest > 0)
        notices.push(`- ${more(noticesRest, 'notices', room.restListedIn)}`);
    return [line, ...(notices.length > 0 ? ['', ...notices] : [])].join('\n');
}
/** Which counted findings fail the check, by `fail-on-severity`. */
const FAILING_SEVERITIES = {
    error: 'only errors fail the check',
    warning: 'errors and warnings fail the check',
    info: 'findings of every severity fail the check',
    never: 'no finding fails the check',
};
function factsSection(input) {
    const v = input.verdict;
    const count = (kind) => input.files.filter((f) => f.kind === kind).length;
    const cached = input.files.filter((f) => f.kind === 'reviewed' && f.fromCache === true).length;
    const fromCache = cached > 0 ? ` (${cached} from the cache)` : '';
    const facts = [
        `${(0,words/* plural */.L)(count('reviewed'), 'file', 'files')} reviewed${fromCache}, ${count('skipped')} skipped, ${count('failed')} not reviewed`,
        `counted by the gate: ${(0,words/* plural */.L)(v.counted.error, 'error', 'errors')}, ${(0,words/* plural */.L)(v.counted.warning, 'warning', 'warnings')}, ${(0,words/* plural */.L)(v.counted.info, 'info', 'infos')}`,
    ];
    // Said beside the counts, so counted warnings are not read as failing the check when they do not.
    if (v.failOnSeverity !== undefined)
        facts.push(`${FAILING_SEVERITIES[v.failOnSeverity]} (fail-on-severity: ${v.failOnSeverity})`);
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
    return `### Walkthrough\n\n${(0,sanitize/* blockText */.dK)(walkthrough.text, publish_walkthrough/* MAX_WALKTHROUGH_LENGTH */.ZI + 200)}`;
}
function footer(input) {
    const parts = [`Tokens used: ${input.tokensUsed.toLocaleString('en-US')}`];
    if (input.headSha !== undefined && input.headSha !== '') {
        parts.push(`reviewed at ${(0,sanitize/* inlineCode */.ti)((0,object_name/* shortSha */.F)(input.headSha), 20)}`);
    }
    return `<sub>${parts.join(' · ')} · review-gate</sub>`;
}
/** There is no pull request to post to: a local run, or a merge group. */
function nothingToPostTo(input) {
    return input.local === true || input.mergeGroup !== undefined;
}
/** The lists of findings not posted inline; security flags are listed in a section of their own. */
function groups(input) {
    const byLocation = ORDER.map((location) => ({
        title: LOCATION_TITLE[location],
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
    return options.unit === 'utf8-bytes' ? Buffer.byteLength(text, 'utf8') : text.length;
}
function describeLimit(options) {
    return options.unit === 'utf8-bytes'
        ? `${Math.floor(options.maxLength / 1024).toLocaleString('en-US')} KiB`
        : `${options.maxLength.toLocaleString('en-US')} characters`;
}
function render(input, options, room, complete) {
    const cutNote = complete || options.restListedIn === undefined
        ? ''
        : `_Not every item fits in this summary (GitHub allows ${describeLimit(options)}): what is left out is listed in ${options.restListedIn}._`;
    const sections = [
        options.marker ? markers/* SUMMARY_MARKER */.Qi : '',
        walkthroughSection(input.walkthrough),
        verdictSection(input.verdict, room),
        factsSection(input),
        cutNote,
        policySection(input.policy, input.files, room, input.mergeGroup === undefined ? (input.local === true ? 'This change' : 'This pull request') : 'This merge group'),
        filesTable(input.files, room, (0,verdict/* failingFiles */.a)(input.verdict), input.baselines),
        securityFlagsSection(input.files, room),
        // A local run or a merge group posts nothing, so no finding is "not posted".
        findingsSection(groups(input), room, nothingToPostTo(input) ? 'Findings' : undefined),
        dispositionsSection(input.files, room, input.feedbackProblem),
        fixedSection(input.threads, room),
        notesSection(input.files, room),
        failedSection(input.files, room),
        skippedSection(input.files, room),
        footer(input),
    ];
    return `${sections.filter((s) => s !== '').join('\n\n')}\n`;
}
/** The length of every finding line the findings lists would show, each with its line break. */
function listedFindingsLength(input, options) {
    let length = 0;
    for (const group of groups(input))
        for (const f of group.findings)
            length += measure(findingItem(f), options) + 1;
    return length;
}
/** The longest list of the summary: with that many items per list, nothing is left out. */
function longestList(input) {
    const kinds = ['reviewed', 'failed', 'skipped'].map((k) => input.files.filter((f) => f.kind === k).length);
    const findings = groups(input).map((g) => g.findings.length);
    const noted = filesWithNotes(input.files);
    const others = [
        setAside(input.files).length,
        refusedSetAside(input.files).length,
        input.threads?.left.length ?? 0,
        securityFlagsOf(input.files).length,
        ruledFiles(input.files).length,
        noted.length,
        ...noted.map((f) => f.suggestions.length),
    ];
    return Math.max(input.verdict.reasons.length, input.verdict.notices.length, input.files.length, ...kinds, ...findings, ...others);
}
/**
 * Renders the summary within `options.maxLength`: every item when it fits, otherwise as many
 * items per list as fit (found by bisection), each cut list saying how many it left out and
 * where they are. The verdict, counts and footer always stay.
 */
function renderSummaryWithin(input, options) {
    if (!Number.isInteger(options.maxLength) || options.maxLength < MIN_LENGTH) {
        throw new TypeError(`Expected \`maxLength\` to be an integer from ${MIN_LENGTH} and up, got ${String(options.maxLength)}`);
    }
    const room = (cap) => options.restListedIn === undefined ? { cap } : { cap, restListedIn: options.restListedIn };
    const all = longestList(input);
    // The lines of the findings lists alone are a floor of the whole text's length: over the limit,
    // the whole summary cannot fit, and is not built (for 30,000 findings, strings of megabytes).
    const floor = listedFindingsLength(input, options);
    const whole = floor > options.maxLength ? undefined : render(input, options, room(all), true);
    if (whole !== undefined && measure(whole, options) <= options.maxLength)
        return { markdown: whole, complete: true };
    // Lengths grow with the cap: the largest cap that fits, each cap tried interpolated from the
    // lengths already measured, so the search renders a handful of summaries near the answer (plain
    // bisection rendered about fifteen, the first with half of every list).
    const fits = largestFitting(all, whole === undefined ? floor : measure(whole, options), options.maxLength, (cap) => {
        const text = render(input, options, room(cap), false);
        return { length: measure(text, options), value: text };
    }).value;
    if (fits !== undefined)
        return { markdown: fits, complete: false };
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


/***/ }),

/***/ 2361:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   ZI: () => (/* binding */ MAX_WALKTHROUGH_LENGTH),
/* harmony export */   writeWalkthrough: () => (/* binding */ writeWalkthrough)
/* harmony export */ });
/* unused harmony exports WALKTHROUGH_BUDGETS, WALKTHROUGH_MAX_TOKENS, walkthroughRequest, walkthroughPrompt */
/* harmony import */ var _review_service_errors__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1165);
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
/** Characters of walkthrough shown at most; the rest is cut with an ellipsis. */
const MAX_WALKTHROUGH_LENGTH = 4_000;
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
            return { kind: 'written', text: text.length <= MAX_WALKTHROUGH_LENGTH ? text : `${text.slice(0, MAX_WALKTHROUGH_LENGTH - 1)}…` };
        }
        catch (error) {
            const tooLong = (0,_review_service_errors__WEBPACK_IMPORTED_MODULE_0__/* .isServiceError */ .gi)(error, 'context_too_long');
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
    if (!(0,_review_service_errors__WEBPACK_IMPORTED_MODULE_0__/* .isApiError */ .d7)(error))
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
