export const id = 796;
export const ids = [796];
export const modules = {

/***/ 6796:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   publishSkippedDraft: () => (/* binding */ publishSkippedDraft)
/* harmony export */ });
/* unused harmony exports SKIPPED_DRAFT_TITLE, skippedDraftLine */
/* harmony import */ var _domain_errors__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(241);
/**
 * A draft pull request with `skip-drafts: true`: nothing is reviewed or posted, and every surface
 * says so in the same one line. The check run concludes `neutral`, never `success` — a required
 * check must not pass what nobody looked at — and the step exits 0, so a draft is not shown as
 * broken. `ready_for_review` starts the run that reviews it.
 */

const SKIPPED_DRAFT_TITLE = 'Skipped: draft pull request (skip-drafts: true)';
function skippedDraftLine(pr) {
    return `Skipped: #${pr.number} is a draft and skip-drafts is true; marking it ready for review (the ready_for_review event) reviews it.`;
}
async function publishSkippedDraft(options) {
    const { pr, io, checkRun } = options;
    const line = skippedDraftLine(pr);
    io.info(line);
    if (checkRun !== undefined) {
        const { target } = checkRun;
        await checkRun.write({
            name: target.name,
            headSha: pr.headSha,
            conclusion: 'neutral',
            title: SKIPPED_DRAFT_TITLE,
            summary: `${line}\n`,
            annotations: [],
            ...(target.detailsUrl === undefined ? {} : { detailsUrl: target.detailsUrl }),
        });
    }
    if (options.hasJobSummary) {
        try {
            await io.writeJobSummary(`${line}\n`);
        }
        catch (error) {
            options.log.warning(`The job summary could not be written (${(0,_domain_errors__WEBPACK_IMPORTED_MODULE_0__/* .describeError */ .Uc)(error)}).`);
        }
    }
    io.setOutput('result', 'neutral');
    io.setOutput('reasons', line);
}


/***/ })

};
