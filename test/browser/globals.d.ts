// Browser tests run under web-test-runner's Mocha, which provides these globals.
/// <reference types="mocha" />
