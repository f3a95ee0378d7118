import { App } from 'aws-cdk-lib';
import { checkMyPrice } from '../lib/check-my-price';

// `cdk synth` / `cdk deploy` run this (see cdk.json); the stacks are in infra/lib.
checkMyPrice(new App());
