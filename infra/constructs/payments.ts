import { RemovalPolicy } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

/**
 * Stripe's keys for this stage: one Secrets Manager secret holding
 * `{ "secretKey": "sk_…", "webhookSecret": "whsec_…" }`. The stack creates it with placeholders,
 * which the functions refuse (payment calls fail closed) until the operator puts the real values
 * (README, "Payments in a deployed stage"). Only the functions whose route asks for the `stripe`
 * grant may read it; its ARN is the only Stripe setting in their environment.
 */
export class Payments extends Construct {
  readonly stripeKeys: Secret;

  constructor(scope: Construct, id: string, props: { removalPolicy: RemovalPolicy }) {
    super(scope, id);
    this.stripeKeys = new Secret(this, 'StripeKeys', {
      description:
        'Stripe secret key and webhook signing secret: {"secretKey":"sk_…","webhookSecret":"whsec_…"}',
      generateSecretString: {
        secretStringTemplate: JSON.stringify({ secretKey: 'unset', webhookSecret: 'unset' }),
        generateStringKey: 'placeholder',
      },
      removalPolicy:
        props.removalPolicy === RemovalPolicy.RETAIN ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
  }
}
