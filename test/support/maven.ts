/**
 * The JVM settings of the SDK tests' Maven runs (test/e2e/sdk-jvm.test.ts, sdk-generators.test.ts):
 * the JIT kept to its first tier (`-XX:TieredStopAtLevel=1`: C1 only, no C2 compiler
 * threads) and the serial collector, for Maven's own JVM (MAVEN_OPTS: javac and the Kotlin compiler
 * run in it) and for the JVM surefire forks to run the JUnit tests (JDK_JAVA_OPTIONS, read by every
 * `java` launch). A build of a few seconds never repays C2's compilations; on a two-core machine
 * they took half the CPU of a Kotlin compile (docs/adr/0220). The code compiled and the tests run
 * are the same. MAVEN_OPTS or JDK_JAVA_OPTIONS set by the caller win.
 */
const QUICK_JVM = '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC';

export function mavenJvmEnv(): Record<string, string> {
  return {
    MAVEN_OPTS: process.env.MAVEN_OPTS ?? QUICK_JVM,
    JDK_JAVA_OPTIONS: process.env.JDK_JAVA_OPTIONS ?? QUICK_JVM,
  };
}
