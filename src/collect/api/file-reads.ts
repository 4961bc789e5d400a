/**
 * File contents of pull requests through the API: reads planned ahead go through each pull
 * request's content queries (blob-batches.ts), any other read, and any blob a query could not
 * vouch for, through REST one file at a time.
 */
import type { ChangedFile, PlannedReads, PullRequestRef, ReadFileOptions, TreeEntry } from '../../domain/pull-request';
import { FileNotFoundError } from '../../github/errors';
import type { GitHubClient, GitHubLog } from '../../github/octokit';
import { readBaseSha } from '../../github/pull-head';
import { createBlobBatches } from './blob-batches';
import type { BatchStats, BlobBatches, BlobName } from './blob-batches';
import { fileTooLarge } from '../errors';
import { readBlob } from './read-blob';
import { readFileAtCommit } from './read-at-commit';

export class ApiFileReads {
  /** The base commit of each pull request, read once and only when a base version is wanted. */
  private readonly baseShas = new Map<number, Promise<string>>();
  /** The batched reads of each pull request; a file never planned is read on its own. */
  private readonly batches = new Map<number, BlobBatches>();
  /** Base versions are planned once the base commit is known; a read waits for that plan. */
  private basePlanned: Promise<void> = Promise.resolve();

  constructor(
    private readonly octokit: GitHubClient,
    private readonly log: GitHubLog | undefined,
  ) {}

  /** How the planned reads went, over every pull request. */
  get stats(): BatchStats {
    const all = [...this.batches.values()].map((b) => b.stats);
    return all.reduce((sum, s) => ({ queries: sum.queries + s.queries, fromQueries: sum.fromQueries + s.fromQueries, toRest: sum.toRest + s.toRest }), { queries: 0, fromQueries: 0, toRest: 0 });
  }

  /** The base commit, read once per pull request (a failed read is tried again when next wanted). */
  baseShaOf(pr: PullRequestRef): Promise<string> {
    let sha = this.baseShas.get(pr.number);
    if (sha === undefined) {
      sha = readBaseSha(this.octokit, pr).catch((error: unknown) => {
        this.baseShas.delete(pr.number);
        throw error;
      });
      this.baseShas.set(pr.number, sha);
    }
    return sha;
  }

  /** The base commit, as read along with something else: no request of its own later. */
  knowBaseSha(pr: PullRequestRef, sha: string): void {
    if (!this.baseShas.has(pr.number)) this.baseShas.set(pr.number, Promise.resolve(sha));
  }

  /** The head as GitHub has it when the next content query is answered (undefined: GraphQL did not say). */
  headNow(pr: PullRequestRef): Promise<string | undefined> {
    return this.batchesOf(pr).headNow();
  }

  willRead(pr: PullRequestRef, files: readonly ChangedFile[], options: PlannedReads): void {
    if (options.base !== true) {
      const names = files.flatMap((file) => (file.blobSha === undefined ? [] : [{ oid: file.blobSha }]));
      this.batchesOf(pr).plan(names, options);
      this.batchesOf(pr).planEntries(files.map((file) => file.path));
      return;
    }
    this.basePlanned = this.baseShaOf(pr).then(
      (sha) => this.batchesOf(pr).plan(files.map((file) => ({ expression: `${sha}:${file.previousPath ?? file.path}` })), options),
      // No base commit: each read fails on its own, as it would unplanned.
      () => undefined,
    );
  }

  entryAt(pr: PullRequestRef, path: string): Promise<TreeEntry | undefined> {
    return this.batchesOf(pr).entryAt(path);
  }

  async readFile(pr: PullRequestRef, file: ChangedFile, options?: ReadFileOptions): Promise<Uint8Array> {
    const { blobSha } = file;
    if (blobSha === undefined) throw new FileNotFoundError(file.path, undefined);
    return this.batched(pr, { oid: blobSha }, file.path, () => readBlob(this.octokit, pr, { ...file, blobSha }, options));
  }

  async readBaseFile(pr: PullRequestRef, file: ChangedFile, options?: ReadFileOptions): Promise<Uint8Array> {
    await this.basePlanned;
    const path = file.previousPath ?? file.path;
    const sha = await this.baseShaOf(pr);
    return this.batched(pr, { expression: `${sha}:${path}` }, path, () => readFileAtCommit(this.octokit, pr, path, sha, options));
  }

  private batchesOf(pr: PullRequestRef): BlobBatches {
    let found = this.batches.get(pr.number);
    if (found === undefined) {
      found = createBlobBatches(this.octokit, pr, this.log);
      this.batches.set(pr.number, found);
    }
    return found;
  }

  /** The planned outcome's bytes; a blob the batch could not vouch for is read by `rest`. */
  private async batched(pr: PullRequestRef, name: BlobName, path: string, rest: () => Promise<Uint8Array>): Promise<Uint8Array> {
    const outcome = await this.batches.get(pr.number)?.take(name);
    if (outcome === undefined) return rest();
    if (outcome.kind === 'bytes') return outcome.bytes;
    if (outcome.kind === 'too-large') throw fileTooLarge(path, outcome.size, outcome.maxBytes);
    this.log?.debug(`Reading '${path}' through REST: ${outcome.why}`);
    return rest();
  }
}
