import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { operatorUsername, strongPasswordProblem } from '@yaocai/domain';
import { Redis } from 'ioredis';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { DbLoginAttempts, type LoginAttempts, RedisLoginAttempts } from '../modules/account/login-attempts';
import { createOrResetOperator, WeakPasswordError } from '../modules/operator/bootstrap';

// `npm run operator:create -- <username>`: creates the first 超级管理员 of a new installation, or
// resets the password of an existing operator (and clears its lockout). The password comes from
// ADMIN_PASSWORD (scripted installs) or standard input: typed without echo on a terminal, the
// first line when piped. Opens the database the server would (DATABASE_URL, else DATA_DIR's
// PGlite; stop a PGlite server first, one process at a time) and runs the migrations first.

export interface CliIo {
  argv: string[];
  env: NodeJS.ProcessEnv;
  stdin: Readable & { isTTY?: boolean; setRawMode?(mode: boolean): unknown };
  stdout: Writable;
  stderr: Writable;
}

const USAGE =
  'usage: npm run operator:create -- <username>   (password from standard input or ADMIN_PASSWORD)';

/** Reads a line without echo (a terminal): each key is handled, nothing is printed back. */
function readHidden(io: CliIo, prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    io.stdout.write(prompt);
    const stdin = io.stdin;
    let typed = '';
    stdin.setRawMode?.(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    const done = (error?: Error) => {
      stdin.setRawMode?.(false);
      stdin.pause();
      stdin.off('data', onData);
      io.stdout.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') return done();
        if (ch === '\u0003') return done(new Error('cancelled'));
        if (ch === '\u007f' || ch === '\b') typed = typed.slice(0, -1);
        else typed += ch;
      }
    };
    stdin.on('data', onData);
  });
}

/** The first line of a piped standard input. */
function readLine(io: CliIo): Promise<string> {
  return new Promise((resolve) => {
    const lines = createInterface({ input: io.stdin, terminal: false });
    let answered = false;
    lines.once('line', (line) => {
      answered = true;
      lines.close();
      resolve(line);
    });
    lines.once('close', () => {
      if (!answered) resolve('');
    });
  });
}

async function passwordOf(io: CliIo): Promise<string> {
  if (io.env.ADMIN_PASSWORD) return io.env.ADMIN_PASSWORD;
  if (!io.stdin.isTTY) return readLine(io);
  const first = await readHidden(io, '密码 Password: ');
  const again = await readHidden(io, '再次输入 Repeat: ');
  if (first !== again) throw new WeakPasswordError('两次输入的密码不一致', 'the two passwords differ');
  return first;
}

/** Runs the command; answers the exit code (0 done, 1 refused or failed, 2 usage). */
export async function operatorCreateCli(io: CliIo): Promise<number> {
  const say = (text: string) => io.stdout.write(`${text}\n`);
  const complain = (text: string) => io.stderr.write(`${text}\n`);
  const parsed = operatorUsername.safeParse(io.argv[0] ?? '');
  if (!parsed.success || io.argv.length !== 1) {
    complain(
      io.argv.length === 1
        ? `${parsed.error?.issues[0]?.message} (user names: 3-30 lower-case letters, digits or _, starting with a letter)`
        : USAGE,
    );
    return 2;
  }
  const username = parsed.data;
  let password: string;
  try {
    password = await passwordOf(io);
  } catch (error) {
    complain(error instanceof WeakPasswordError ? error.message : `${(error as Error).message}`);
    return 1;
  }
  // Refused before the database is opened (the service checks again).
  const problem = strongPasswordProblem(password);
  if (problem) {
    complain(`密码不符合要求：${problem.zh}\nPassword refused: ${problem.en}`);
    return 1;
  }
  const config = loadConfig(io.env);
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite`,
    poolSize: 2,
  });
  const redis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: true }) : undefined;
  try {
    // The same lockout store the server counts in (REDIS_URL set: Redis, else the database).
    const attempts: LoginAttempts = redis
      ? new RedisLoginAttempts(redis, `${config.redisPrefix}login:`)
      : new DbLoginAttempts();
    const result = await createOrResetOperator(database.db, {
      username,
      password,
      now: new Date(),
      attempts,
    });
    say(
      result.action === 'created'
        ? `已创建超级管理员 ${username}  (super administrator ${username} created on ${database.kind})`
        : `已重置 ${username} 的密码并解除登录锁定  (password of ${username} reset, lockout cleared, sessions ended)`,
    );
    return 0;
  } catch (error) {
    if (error instanceof WeakPasswordError) {
      complain(`密码不符合要求：${error.zh}\nPassword refused: ${error.en}`);
      return 1;
    }
    complain(`失败 (failed): ${(error as Error).message}`);
    return 1;
  } finally {
    redis?.disconnect();
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const code = await operatorCreateCli({
    argv: process.argv.slice(2),
    env: process.env,
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
  });
  process.exit(code);
}
