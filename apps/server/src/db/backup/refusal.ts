/** A backup or restore that must not go ahead: said in Chinese and English, exit code 1. */
export class BackupRefusal extends Error {
  constructor(
    readonly zh: string,
    readonly en: string,
  ) {
    super(en);
  }
}
