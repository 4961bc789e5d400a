export const id = 949;
export const ids = [949];
export const modules = {

/***/ 2949:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  writeSarifOutput: () => (/* binding */ writeSarifOutput)
});

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./src/safety/no-follow.ts
var no_follow = __webpack_require__(6081);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: external "node:zlib"
var external_node_zlib_ = __webpack_require__(8522);
// EXTERNAL MODULE: ./src/locate/label.ts + 3 modules
var label = __webpack_require__(8007);
// EXTERNAL MODULE: ./src/domain/finding-effect.ts
var finding_effect = __webpack_require__(2379);
// EXTERNAL MODULE: ./src/domain/version.ts
var version = __webpack_require__(3356);
// EXTERNAL MODULE: ./src/locate/fingerprint.ts
var fingerprint = __webpack_require__(3054);
// EXTERNAL MODULE: ./src/locate/hidden-text.ts
var hidden_text = __webpack_require__(5486);
// EXTERNAL MODULE: ./src/render/markdown/severity.ts
var severity = __webpack_require__(2925);
// EXTERNAL MODULE: ./src/safety/terminal.ts
var terminal = __webpack_require__(4584);
// EXTERNAL MODULE: ./src/render/markdown/injection.ts
var injection = __webpack_require__(5985);
// EXTERNAL MODULE: ./src/domain/injection.ts
var domain_injection = __webpack_require__(3473);
;// CONCATENATED MODULE: ./src/render/injection-results.ts
/**
 * A file whose score counts as below min-score only with its comments and strings blanked
 * (injection-check) fails the check without any finding to show it by. The machine-readable
 * reports whose entries are findings (SARIF, Code Quality) give each such file an entry of its
 * own, at line 1, saying so; a finding only the blanked review reported is an entry already, and
 * carries the mark itself. No such file, no entry: a run with nothing swayed reports as before.
 */



/** The rule (SARIF) and check (Code Quality) of these entries. */
const INJECTION_RULE_ID = 'review-gate/possible-prompt-injection';
const RULE_TEXT = `The score of a file fell below min-score only once its comments and strings were blanked: ${domain_injection/* POSSIBLE_INJECTION */.I$}`;
/** The reviewed files whose blanked score counts as below min-score, in the list's order. */
function scoreSwayedFiles(outcomes) {
    return outcomes.flatMap((o) => o.kind === 'reviewed' && o.injection?.scoreBelow !== undefined
        ? [{ path: o.path, text: (0,injection/* markedFileText */.cv)(o.injection, o.score), fingerprint: (0,fingerprint/* findingFingerprint */.i)({ path: o.path, message: INJECTION_RULE_ID }) }]
        : []);
}
/** The SARIF rule of these entries. */
function injectionRule() {
    return {
        id: INJECTION_RULE_ID,
        shortDescription: { text: RULE_TEXT },
        fullDescription: { text: RULE_TEXT },
        help: { text: 'injection-check reviews each file again with its comments and strings blanked; see docs/injection-check.md.' },
        defaultConfiguration: { level: 'error' },
        properties: { tags: ['review-gate', 'security'] },
    };
}

;// CONCATENATED MODULE: ./src/render/sarif.ts
/**
 * The run as SARIF 2.1.0, for GitHub code scanning (action input `sarif-file`, CLI
 * `--format sarif`). One run, one rule per kind of finding, one result per finding.
 *
 * - A kind of finding is the service's message with every number written as N (the same
 *   normalization as the fingerprint, then digits): "Line is 130 characters long" and "… 141 …"
 *   are one rule. Its id is readable and stable: `review-gate/<first words>-<hash>`.
 * - `level` comes from the severity (info → note). `partialFingerprints` carry the same
 *   line-independent fingerprint as the inline comments' marker, so code scanning tracks a
 *   finding across pushes that move it.
 * - Code scanning needs a location with `region.startLine` on every result. A finding at a line
 *   the file does not have (0, negative, past the end) is placed on line 1 and says where the
 *   service put it, rather than be left out.
 * - GitHub's limits for one upload (docs: "SARIF results exceed limits", "SARIF file is too
 *   large") are kept: at most 25,000 results and rules per run, and at most 10 MB once gzipped.
 *   Past them the least severe results are left out, and the run's invocation says how many.
 *   Code scanning stores and shows only the top 5,000 of a run, so results go most severe first,
 *   and within a level security ones first.
 * - Security flags, and issues about security (`security` on the finding), carry what code
 *   scanning ranks and groups security alerts by: `properties["security-severity"]` ("8.0" for an
 *   error, "5.0" a warning, "2.0" an info: high, medium and low) and the tags `security` and
 *   `external/cwe/cwe-<N>`, on the result and on its rule (code scanning reads the rule's).
 *   A flag's kind of finding is its own kind (`type`, `rule`, …) when it names one. A flag an issue
 *   stands for (`sameAs`) is a result of its own, with its own severity and CWE, and the issue's
 *   result names it too, as its inline comment does: a machine reading the file loses no finding.
 * - Each result says whether it fails the check (`properties.failsTheCheck`) and, when not, why
 *   (`properties.whyNotFailing`, and a line of its message).
 */











const SARIF_SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json';
/** The key of `partialFingerprints`; `/v1` follows `review-gate/fp/1` in fingerprint.ts. */
const SARIF_FINGERPRINT_KEY = 'reviewGateFingerprint/v1';
/** GitHub code scanning's documented limits for one upload. */
const SARIF_LIMITS = { resultsPerRun: 25_000, rulesPerRun: 25_000, gzipBytes: 10 * 1024 * 1024 };
/** Characters of a message or suggestion carried in a result; longer ones are cut with an ellipsis. */
const MAX_TEXT = 4_000;
const LEVEL = { error: 'error', warning: 'warning', info: 'note' };
/** `security-severity` by severity, in code scanning's bands: high (7.0–8.9), medium (4.0–6.9), low (0.1–3.9). */
const SECURITY_SEVERITY = { error: '8.0', warning: '5.0', info: '2.0' };
/** Code scanning keeps 10 tags of a rule: the CWE tags past that are left out. */
const MAX_CWE_TAGS = 8;
/** Most severe first; within a severity, security findings first; then by path and line. */
function compareForScanning(a, b) {
    return (0,severity/* severityRank */.qs)(a.severity) - (0,severity/* severityRank */.qs)(b.severity) || Number(a.security !== true) - Number(b.security !== true) || (0,severity/* compareFindings */.Eg)(a, b);
}
/** For each issue, the flags it stands for, which its result names besides their own results. */
function carriedFlags(findings) {
    const key = (fingerprint, f) => JSON.stringify([fingerprint, f.path, f.line]);
    const byIssue = new Map();
    for (const f of findings)
        if (f.sameAs !== undefined)
            byIssue.set(key(f.sameAs, f), [...(byIssue.get(key(f.sameAs, f)) ?? []), f]);
    return (issue) => byIssue.get(key(issue.fingerprint, issue)) ?? [];
}
/** The SARIF file for a run, within GitHub's limits. */
function renderSarif(source, options) {
    const carried = carriedFlags(source.findings);
    const sorted = [...source.findings].sort(compareForScanning);
    const maxResults = options.maxResults ?? SARIF_LIMITS.resultsPerRun;
    const gzipLimit = options.gzipBytes ?? SARIF_LIMITS.gzipBytes;
    let keep = Math.min(sorted.length, maxResults);
    for (;;) {
        const text = `${JSON.stringify(buildSarif(sorted.slice(0, keep), sorted.length - keep, source.outcomes, carried))}\n`;
        const size = (0,external_node_zlib_.gzipSync)(text).length;
        if (size <= gzipLimit || keep === 0)
            return { text, results: keep, leftOut: sorted.length - keep };
        // Results are alike in size: scale the count by the overshoot, with a margin, and check again.
        keep = Math.min(keep - 1, Math.floor((keep * gzipLimit * 0.95) / size));
        keep = Math.max(0, keep);
    }
}
function buildSarif(findings, leftOut, outcomes, 
/** The security flags an issue stands for, named in its result. */
carried = () => []) {
    const rules = [];
    const ruleIndex = new Map();
    const ruleFindings = [];
    const results = findings.map((finding) => {
        const kind = ruleKindOf(finding);
        let index = ruleIndex.get(kind);
        if (index === undefined) {
            index = rules.length;
            ruleIndex.set(kind, index);
            rules.push(ruleFor(kind, finding));
            ruleFindings.push([]);
        }
        ruleFindings[index]?.push(finding);
        return resultFor(finding, rules[index]?.id, index, carried(finding));
    });
    rules.forEach((rule, index) => {
        const security = securityProperties(ruleFindings[index] ?? [], carried);
        if (security !== undefined)
            rule.properties = { tags: ['review-gate', ...security.tags], 'security-severity': security.severity };
    });
    const swayed = scoreSwayedFiles(outcomes);
    if (swayed.length > 0) {
        rules.push(injectionRule());
        results.push(...swayed.map((file) => swayedResult(file, rules.length - 1)));
    }
    return {
        $schema: SARIF_SCHEMA_URI,
        version: '2.1.0',
        runs: [
            {
                tool: { driver: { name: 'review-gate', version: version/* VERSION */.x, semanticVersion: version/* VERSION */.x, rules } },
                invocations: [invocation(leftOut, outcomes)],
                results,
            },
        ],
    };
}
/** The kind of a finding: its normalized message with every number as N. */
function kindOf(message) {
    return (0,fingerprint/* normalizeMessage */.H)(message).replace(/\d+(?:\.\d+)?/g, 'N');
}
/**
 * The kind a finding's rule stands for: the kind of its message, or for a security flag, the kind
 * it names (`Security flag: sql-injection`), else that of its message: never an issue's rule.
 */
function ruleKindOf(finding) {
    if (finding.source === 'hidden-text')
        return (0,hidden_text/* hiddenTextKind */.CC)(finding.severity);
    if (finding.source !== 'security-flag')
        return kindOf(finding.message);
    return `Security flag: ${finding.kind === undefined ? kindOf(finding.message) : (0,fingerprint/* normalizeMessage */.H)(finding.kind)}`;
}
/**
 * The security severity and tags of these findings (of one result, or of one rule's results),
 * or undefined when none is about security: the highest severity, and every CWE named.
 */
function securityProperties(findings, carried) {
    const security = findings.filter((f) => f.security === true);
    const [top] = [...security].sort((a, b) => (0,severity/* severityRank */.qs)(a.severity) - (0,severity/* severityRank */.qs)(b.severity));
    if (top === undefined)
        return undefined;
    const cwes = security.flatMap((f) => [f.cwe, ...carried(f).map((c) => c.cwe)]).filter((n) => n !== undefined);
    const tags = [...new Set(cwes)].slice(0, MAX_CWE_TAGS).map((n) => `external/cwe/${(0,label/* cweName */.fJ)(n).toLowerCase()}`);
    return { severity: SECURITY_SEVERITY[top.severity], tags: ['security', ...tags] };
}
/** `review-gate/eval-runs-arbitrary-code-1a2b3c4d`: the first words for people, a hash for uniqueness. */
function ruleIdOf(kind) {
    const words = kind.toLowerCase().match(/[a-z0-9]+/g)?.slice(0, 5).join('-') ?? '';
    const hash = (0,external_node_crypto_.createHash)('sha256').update(kind, 'utf8').digest('hex').slice(0, 8);
    return `review-gate/${words === '' ? 'finding' : words}-${hash}`;
}
function ruleFor(kind, first) {
    const text = cut(kind === '' ? 'A finding of the review service without a message' : kind);
    return {
        id: ruleIdOf(kind),
        shortDescription: { text },
        fullDescription: { text },
        help: { text: first.source === 'hidden-text' ? hidden_text/* HIDDEN_TEXT_HELP */.B2 : 'Reported by the Code Assistance API review; each result carries its suggested fix.' },
        defaultConfiguration: { level: LEVEL[first.severity] },
        properties: { tags: ['review-gate'] },
    };
}
function resultFor(f, ruleId, ruleIndex, flags) {
    const { line, unplaced } = scanningLine(f);
    const flag = (0,label/* describeFlag */.Kp)(f);
    const why = (0,finding_effect/* whyNotFailing */.ud)(f);
    const notes = [
        flag === '' ? '' : `Reported as a ${flag}.`,
        unplaced === undefined ? '' : `${unplaced.charAt(0).toUpperCase()}${unplaced.slice(1)}.`,
        f.reportedSeverity === undefined ? '' : `Reported with severity ${JSON.stringify(f.reportedSeverity).slice(0, 60)}, counted as error.`,
        f.uncounted === undefined ? '' : `Not counted by the gate: ${cut(f.uncounted)}.`,
        f.possibleInjection === true ? injection/* INJECTED_FINDING */.hT : '',
        why === undefined || f.uncounted !== undefined ? '' : `Does not fail the check: ${cut(why)}.`,
        f.suggestion.trim() === '' ? '' : `Suggestion: ${cut(f.suggestion)}`,
        ...flags.map((c) => `Also a ${(0,label/* describeFlag */.Kp)(c)}: ${cut(c.message)}`),
    ].filter((n) => n !== '');
    const security = securityProperties([f], () => flags);
    return {
        ruleId,
        ruleIndex,
        level: LEVEL[f.severity],
        message: { text: [cut(f.message.trim() === '' ? '(no message)' : f.message), ...notes].join('\n\n') },
        locations: [
            {
                physicalLocation: {
                    artifactLocation: { uri: uriOf(f.path), uriBaseId: '%SRCROOT%' },
                    region: { startLine: line },
                },
            },
        ],
        partialFingerprints: { [SARIF_FINGERPRINT_KEY]: f.fingerprint },
        properties: {
            location: f.location,
            countsTowardGate: f.counts,
            source: f.source,
            failsTheCheck: (0,finding_effect/* failsTheCheck */.zm)(f),
            ...(why === undefined ? {} : { whyNotFailing: cut(why) }),
            ...(security === undefined ? {} : { 'security-severity': security.severity, tags: security.tags }),
            ...(f.possibleInjection === true ? { possiblePromptInjection: true } : {}),
        },
    };
}
/** A file whose blanked score counts (injection-check), as a result of its own at line 1. */
function swayedResult(file, ruleIndex) {
    return {
        ruleId: INJECTION_RULE_ID,
        ruleIndex,
        level: 'error',
        message: { text: cut(file.text) },
        locations: [{ physicalLocation: { artifactLocation: { uri: uriOf(file.path), uriBaseId: '%SRCROOT%' }, region: { startLine: 1 } } }],
        partialFingerprints: { [SARIF_FINGERPRINT_KEY]: file.fingerprint },
        properties: { countsTowardGate: true, possiblePromptInjection: true },
    };
}
/**
 * The line a code scanning tool shows a finding on: its own, or line 1 for a line the file does
 * not have, with words saying where the service put it (SARIF and the Code Quality report).
 */
function scanningLine(f) {
    if (f.location !== 'impossible-line' && f.line !== null && Number.isInteger(f.line) && f.line > 0)
        return { line: f.line };
    const named = f.line === null && f.reportedLine === undefined ? 'the service named no line' : `the service named ${(0,label/* describeLine */.ES)(f)}, which the file does not have`;
    return { line: 1, unplaced: `${named}; shown at line 1` };
}
/** What the run could not do, so code scanning's tool status shows it. */
function invocation(leftOut, outcomes) {
    const failed = outcomes.filter((o) => o.kind === 'failed');
    const notifications = [];
    if (leftOut > 0) {
        notifications.push({
            level: 'warning',
            message: { text: `${leftOut} less severe findings were left out to stay within GitHub's limits for one upload (25,000 results, 10 MB gzipped).` },
        });
    }
    for (const outcome of failed.slice(0, 100)) {
        notifications.push({ level: 'warning', message: { text: cut(`${outcome.path}: ${outcome.reason}`) } });
    }
    if (failed.length > 100)
        notifications.push({ level: 'warning', message: { text: `${failed.length - 100} more files could not be reviewed.` } });
    return { executionSuccessful: failed.length === 0, toolExecutionNotifications: notifications };
}
/** A repository-relative path as a URI reference: each segment percent-encoded, `/` kept. */
function uriOf(path) {
    return path.split('/').map(encodeURIComponent).join('/');
}
/**
 * The service's text, at most MAX_TEXT characters. Code scanning shows it as plain text, so
 * only what could hide or reorder it (controls, bidi overrides, zero-width characters) goes.
 */
function cut(text) {
    const clean = (0,terminal/* stripTerminalControls */.ZB)(text);
    return clean.length <= MAX_TEXT ? clean : `${clean.slice(0, MAX_TEXT - 1)}…`;
}

;// CONCATENATED MODULE: ./src/action/sarif-file.ts
/**
 * The action's `sarif-file`: the run's SARIF written where the workflow asked, for the
 * `github/codeql-action/upload-sarif` step that follows. A relative path is taken from the
 * workspace (where that step looks too). A file that cannot be written is a warning and an empty
 * output: the verdict is about the code, and the upload step then says the file is missing.
 *
 * A path the action refuses is louder: the workspace holds what the pull request committed, and a
 * symlink at `review-gate.sarif` (or at a folder on the way) would have the action overwrite a
 * file outside it. Nothing is written through a link (safety/no-follow.ts); the step fails with
 * an error naming the link, so neither the attempt nor code scanning's missing results go unseen,
 * while the verdict and every other surface stay as decided.
 */



async function writeSarifOutput(io, report, 
/** The `sarif-file` input; '' writes none. */
sarifFile, workspace, redactor) {
    if (sarifFile === '')
        return;
    const path = (0,external_node_path_.resolve)(workspace, sarifFile);
    const sarif = renderSarif(report, {});
    try {
        await (0,no_follow/* writeNamedFile */.Bl)(path, workspace, redactor.text(sarif.text));
    }
    catch (error) {
        io.setOutput('sarif-file', '');
        if ((0,no_follow/* isUnsafePathError */.c4)(error)) {
            io.setFailed(`Refused to write sarif-file ${path}: ${error.message}. review-gate never writes through a symbolic link ` +
                '(a pull request can commit one at that path), so nothing was written and this step fails; the verdict is unchanged.');
        }
        else {
            io.warning(`Could not write sarif-file ${path}: ${error instanceof Error ? error.message : String(error)}`);
        }
        return;
    }
    const leftOut = sarif.leftOut > 0 ? `; ${sarif.leftOut} less severe findings left out for GitHub's limits` : '';
    io.info(`SARIF for code scanning: ${sarif.results} results written to ${path}${leftOut}.`);
    io.setOutput('sarif-file', path);
}


/***/ })

};
