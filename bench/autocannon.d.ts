/** The part of autocannon's API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  export interface Options {
    url: string
    connections?: number
    duration?: number
    pipelining?: number
    workers?: number
    timeout?: number
    headers?: Record<string, string>
  }

  export interface Histogram {
    average: number
    mean: number
    stddev: number
    min: number
    max: number
    p50: number
    p90: number
    p97_5: number
    p99: number
  }

  export interface Result {
    url: string
    duration: number
    requests: Histogram & { total: number; sent: number }
    latency: Histogram
    throughput: Histogram & { total: number }
    errors: number
    timeouts: number
    non2xx: number
    '2xx': number
  }

  function autocannon(opts: Options): Promise<Result>
  export default autocannon
}
