export const id = 962;
export const ids = [962];
export const modules = {

/***/ 5962:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   parsePolicy: () => (/* binding */ parsePolicy)
/* harmony export */ });
/* harmony import */ var yaml__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8815);
/* harmony import */ var _settings__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7051);
/* harmony import */ var _globs__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(6053);
/* harmony import */ var _keys__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7905);
/* harmony import */ var _policy_error__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9780);
/* harmony import */ var _domain_quote_value__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8136);
/**
 * The policy file's text → a validated `Policy`, or a `PolicyError` naming the file, and for each
 * problem its line, the key and the value: bad YAML, an unknown key, a bad value, a bad glob. Every
 * value goes through the parser of the input of the same name (settings.ts), so a value is valid
 * here exactly when it is valid in the workflow. All problems are reported at once. Pure.
 *
 * The YAML is read as a tree, never turned into objects first, so each problem keeps its line;
 * aliases and tags beyond YAML's core schema are refused (a policy needs neither).
 */






function parsePolicy(text, path, commit) {
    const lines = new yaml__WEBPACK_IMPORTED_MODULE_0__/* .LineCounter */ .HN();
    const doc = (0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .parseDocument */ .Tp)(text, { lineCounter: lines, prettyErrors: true, uniqueKeys: true, schema: 'core', strict: true });
    const problems = [];
    const lineOf = (node) => {
        const offset = node?.range?.[0];
        return offset === undefined ? '' : `line ${lines.linePos(offset).line}: `;
    };
    // A warning (an unknown tag such as !!js/function) is a problem too: a policy needs no tags.
    for (const error of [...doc.errors, ...doc.warnings]) {
        const line = error.linePos?.[0].line;
        const said = (error.message.split('\n')[0] ?? error.message).replace(/ at line \d+, column \d+:?$/, '');
        problems.push(`${line === undefined ? '' : `line ${line}: `}not valid YAML: ${said}`);
    }
    const policy = { path, commit, settings: {}, set: [], rules: [] };
    if (problems.length === 0) {
        const root = doc.contents;
        if (root === null || ((0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isScalar */ .jn)(root) && (root.value === null || root.value === '')))
            return policy;
        if (!(0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isMap */ .jh)(root)) {
            problems.push(`${lineOf(root)}expected keys such as min-score: 60 or rules: at the top level, not ${describeNode(root)}`);
        }
        else {
            readTopLevel(root, policy, problems, lineOf);
        }
    }
    if (problems.length > 0)
        throw new _policy_error__WEBPACK_IMPORTED_MODULE_3__/* .PolicyError */ .p((0,_policy_error__WEBPACK_IMPORTED_MODULE_3__/* .describePolicyFile */ .u)(path, commit), problems.map(sentence));
    return policy;
}
function readTopLevel(root, policy, problems, lineOf) {
    const known = [...Object.keys(_keys__WEBPACK_IMPORTED_MODULE_2__/* .POLICY_INPUTS */ .x8), 'rules'];
    for (const pair of root.items) {
        const key = keyOf(pair);
        const at = lineOf(pair.key);
        if (key === undefined) {
            problems.push(`${at}expected a name such as min-score as a key`);
        }
        else if (key === 'rules') {
            readRules(pair.value, policy, problems, lineOf);
        }
        else if (!(key in _keys__WEBPACK_IMPORTED_MODULE_2__/* .POLICY_INPUTS */ .x8)) {
            problems.push(`${at}unknown key '${key}'. Expected any of: ${known.join(', ')}`);
        }
        else {
            const name = key;
            const value = inputText(name, pair.value, problems, lineOf(pair.value) || at);
            if (value === undefined)
                continue;
            const before = problems.length;
            const field = _keys__WEBPACK_IMPORTED_MODULE_2__/* .POLICY_INPUTS */ .x8[name];
            const parsed = (0,_settings__WEBPACK_IMPORTED_MODULE_1__/* .readPolicyInput */ .P9)(field, name, value, problems);
            markProblems(problems, before, at);
            if (problems.length === before) {
                policy.settings[field] = parsed;
                policy.set.push({ key: name, value });
            }
        }
    }
}
function readRules(node, policy, problems, lineOf) {
    if (!(0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isSeq */ .oP)(node)) {
        problems.push(`${lineOf(node)}expected rules to be a list of rules, each - paths: <glob or list> with what it sets, not ${describeNode(node)}`);
        return;
    }
    node.items.forEach((item, index) => {
        const number = index + 1;
        const where = `rules[${number}]`;
        const at = lineOf(item);
        if (!(0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isMap */ .jh)(item)) {
            problems.push(`${at}expected ${where} to be a mapping such as - paths: legacy/** with what it sets, not ${describeNode(item)}`);
            return;
        }
        const rule = { number, paths: [], settings: {}, keys: [] };
        let hasPaths = false;
        for (const pair of item.items) {
            const key = keyOf(pair);
            const keyAt = lineOf(pair.key);
            if (key === 'paths') {
                hasPaths = true;
                rule.paths = rulePaths(pair.value, where, problems, lineOf(pair.value) || keyAt);
            }
            else if (key === undefined || !_keys__WEBPACK_IMPORTED_MODULE_2__/* .RULE_INPUTS */ .$v.includes(key)) {
                const name = key === undefined ? 'a key that is not a name' : `key '${key}'`;
                problems.push(`${keyAt}unknown ${name} in ${where}. A rule sets paths and any of: ${_keys__WEBPACK_IMPORTED_MODULE_2__/* .RULE_INPUTS */ .$v.join(', ')}`);
            }
            else {
                const name = key;
                const value = inputText(name, pair.value, problems, lineOf(pair.value) || keyAt, where);
                if (value === undefined)
                    continue;
                const before = problems.length;
                const field = _keys__WEBPACK_IMPORTED_MODULE_2__/* .POLICY_INPUTS */ .x8[name];
                const parsed = (0,_settings__WEBPACK_IMPORTED_MODULE_1__/* .readPolicyInput */ .P9)(field, name, value, problems);
                markProblems(problems, before, keyAt, where);
                if (problems.length === before) {
                    rule.settings[field] = parsed;
                    rule.keys.push(name);
                }
            }
        }
        if (!hasPaths)
            problems.push(`${at}no paths in ${where}: each rule names the files it applies to, such as paths: legacy/**`);
        policy.rules.push(rule);
    });
}
/** A rule's `paths`: one glob or a list of them, each compiled as `include` compiles it. */
function rulePaths(node, where, problems, at) {
    const items = (0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isSeq */ .oP)(node) ? node.items : [node];
    const globs = [];
    for (const item of items) {
        if (!(0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isScalar */ .jn)(item) || typeof item.value !== 'string' || item.value.trim() === '') {
            problems.push(`${at}expected a glob such as legacy/** or a list of them in ${where}.paths, not ${describeNode(item)}`);
            continue;
        }
        const glob = item.value.trim();
        const problem = (0,_globs__WEBPACK_IMPORTED_MODULE_4__/* .globSyntaxProblem */ .d)(glob);
        if (glob.startsWith('/'))
            problems.push(`${at}invalid ${where}.paths glob '${glob}'. Paths are relative to the repository root: drop the leading '/'`);
        else if (problem !== undefined) {
            problems.push(`${at}invalid ${where}.paths glob '${glob}': ${problem}. Expected a glob such as src/** or *.py; escape a literal bracket as \\[`);
        }
        else
            globs.push(glob);
    }
    if ((0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isSeq */ .oP)(node) && node.items.length === 0)
        problems.push(`${at}empty ${where}.paths: name at least one glob`);
    return globs;
}
/**
 * A key's value as the input of that name would be given it: a scalar as written, a list (where
 * the input takes one) one entry per line. Undefined, with the problem, for anything else.
 */
function inputText(name, node, problems, at, where) {
    const label = where === undefined ? name : `${name} in ${where}`;
    if ((0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isScalar */ .jn)(node) && (typeof node.value === 'string' || typeof node.value === 'number' || typeof node.value === 'boolean')) {
        const text = String(node.value);
        // An empty list in the file clears what the inputs set; an empty `exclude` means "nothing".
        if (text.trim() === '') {
            problems.push(`${at}no value for ${label}: set one, or leave the key out to keep the workflow's input`);
            return undefined;
        }
        return text;
    }
    if ((0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isSeq */ .oP)(node) && _keys__WEBPACK_IMPORTED_MODULE_2__/* .LIST_INPUTS */ .ZZ.has(name)) {
        const entries = [];
        for (const item of node.items) {
            if (!(0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isScalar */ .jn)(item) || (typeof item.value !== 'string' && typeof item.value !== 'number')) {
                problems.push(`${at}expected plain values in the list of ${label}, not ${describeNode(item)}`);
                return undefined;
            }
            entries.push(String(item.value));
        }
        // An empty list means none: '' is what the input parser reads as none of them (no focus area,
        // no include, so every path), except for exclude, whose '' is its default list.
        if (entries.length === 0)
            return name === 'exclude' ? 'none' : '';
        return entries.join('\n');
    }
    const expected = _keys__WEBPACK_IMPORTED_MODULE_2__/* .LIST_INPUTS */ .ZZ.has(name) ? 'a value or a list of values' : 'one value';
    problems.push(`${at}expected ${expected} for ${label}, not ${describeNode(node)}`);
    return undefined;
}
/** The problems the input parser added since `before`, with the line (and the rule) in front. */
function markProblems(problems, before, at, where) {
    for (let i = before; i < problems.length; i++) {
        const problem = problems[i] ?? '';
        problems[i] = `${at}${where === undefined ? '' : `in ${where}: `}${problem.replace(/\.$/, '')}`;
    }
}
function keyOf(pair) {
    return (0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isScalar */ .jn)(pair.key) && typeof pair.key.value === 'string' ? pair.key.value : undefined;
}
function describeNode(node) {
    if ((0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isAlias */ .Vj)(node))
        return 'an alias (*name): write the value out';
    if ((0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isMap */ .jh)(node))
        return 'a mapping';
    if ((0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isSeq */ .oP)(node))
        return 'a list';
    if ((0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .isScalar */ .jn)(node))
        return node.value === null ? 'an empty value' : `'${(0,_domain_quote_value__WEBPACK_IMPORTED_MODULE_5__/* .quoteValue */ .c)(node.value, 40).replace(/^"|"$/g, '')}'`;
    return 'nothing';
}
/** `line 4: unknown key …` → `line 4: Unknown key …`: each problem reads as a sentence. */
function sentence(problem) {
    return problem.replace(/^((?:line \d+: )?)(\S)/, (_all, line, first) => `${line}${first.toUpperCase()}`);
}


/***/ })

};
