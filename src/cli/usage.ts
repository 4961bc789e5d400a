/** The help texts: one per subcommand, and the overview. */
import { COMPLETION_LANGUAGES } from '../service/types';
import { exitStatusHelp } from './exit-status';
import { KEY_VARIABLE, URL_VARIABLE, VALUE_INPUTS } from './settings';

const ENVIRONMENT = `Environment variables:
  ${KEY_VARIABLE}  the service key (svc_live_…); read from the environment only
  ${URL_VARIABLE}  the service base URL, when --api-url is not given
  NO_COLOR, FORCE_COLOR  turn colour off / on (default: colour on a terminal only)`;

export const MAIN_USAGE = `Usage: review-gate [review] [options] [RANGE]
       review-gate complete [options] PROMPT|-
       review-gate --version

Commands:
  review     review what this branch changes, as a pull request would show it, and apply the
             gate (the default command)
  complete   print a completion of PROMPT from the Code Assistance API

Run 'review-gate review --help' or 'review-gate complete --help' for their options.

${ENVIRONMENT}

${exitStatusHelp()}`;

export const REVIEW_USAGE = `Usage: review-gate [review] [options] [RANGE]

Reviews the changed files with the Code Assistance API and applies the same gate as the action.

What is reviewed (default: the merge base of HEAD with its upstream branch, unless that is the
branch's own pushed copy, else with the remote's default branch; with neither it stops, exit 2,
saying what to pass, but on a repository's only branch without a remote it is HEAD; against the
working tree, new untracked files included):
  --base REF          compare with the merge base of HEAD and REF (e.g. origin/main)
  RANGE, --base A...B the merge base of A and B against commit B, as git diff A...B
         --base A..B  commit A against commit B, as git diff A..B
  --staged            the staged changes (the index) against HEAD, or against --base

Output:
  --format FORMAT     text (default), json, sarif, markdown or codeclimate (GitLab's Code
                      Quality report); on stdout
  --walkthrough       also write a short walkthrough of the change (one completion, streamed)
  --sarif-file FILE   also write the SARIF to FILE
  --codeclimate-file FILE  also write GitLab's Code Quality report to FILE
  --summary FILE      also write the markdown summary to FILE
  -q, --quiet         no progress on stderr

Result cache (answers reused for unchanged files; default folder: $XDG_CACHE_HOME/review-gate,
~/.cache/review-gate, or the platform's cache folder):
  --cache-dir DIR     keep the cache in DIR instead
  --no-cache          review every file again

The action's inputs, as flags of the same names (see the README):
  --${VALUE_INPUTS.join(' --')}
  --allow-insecure-http --dry-run (a terminal run never posts)
  --github-token and --pr-number are accepted and ignored; the key is never a flag.

${ENVIRONMENT}

${exitStatusHelp()}`;

export const COMPLETE_USAGE = `Usage: review-gate complete [options] PROMPT|-

Prints a completion of PROMPT (or of standard input, with -) from the Code Assistance API.

  --stream            print the text as it arrives; ends at the stream's [DONE]
  --system TEXT       a system instruction, prepended to the prompt
  --max-tokens N      at most N tokens (1 to 8000; the service's default is 500)
  --language L        a language hint: ${COMPLETION_LANGUAGES.join(', ')}
  --api-url URL, --request-timeout SECONDS, --max-retries N, --allow-insecure-http
                      as for review

${ENVIRONMENT}

Exit status:
  0  the completion was printed
  2  usage or settings error, or the service refused the request as invalid (with its code)
  3  could not run: authentication, service unreachable, limits, a stream cut before [DONE]`;
