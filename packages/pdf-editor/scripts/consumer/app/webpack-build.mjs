/* global console, process */
// Runs webpack through its Node API (no webpack-cli) and fails on any compilation error.
import webpack from 'webpack';
import config from './webpack.config.mjs';

webpack(config, (error, stats) => {
  if (error || stats.hasErrors()) {
    console.error(error ?? stats.toString({ all: false, errors: true }));
    process.exit(1);
  }
  console.log(stats.toString({ all: false, assets: true }));
});
