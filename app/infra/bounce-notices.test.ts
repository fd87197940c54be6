// Which addresses an SNS message may send us to (its signing certificate, its subscription confirmation), and the
// settings that decide it: the certificate host pattern is matched against the whole host name, and only the
// configured topics are believed.
import { afterEach, describe, expect, it } from "vitest";
import { env, parseEnv } from "~/env.server";
import { allowedSnsUrl, snsCertificateUrl } from "./bounce-notices.server";

const saved = { ...env().newsletter };
afterEach(() => {
  env().newsletter = { ...saved };
});

function withSettings(source: Record<string, string>) {
  env().newsletter = parseEnv(source).newsletter;
}

describe("SNS signing certificate addresses", () => {
  it("takes Amazon's own hosts over https, a .pem file, in every region and in China", () => {
    withSettings({});
    for (const url of [
      "https://sns.us-east-1.amazonaws.com/SimpleNotificationService-abc.pem",
      "https://sns.eu-central-2.amazonaws.com/SimpleNotificationService-abc.pem",
      "https://sns.cn-north-1.amazonaws.com.cn/SimpleNotificationService-abc.pem",
    ]) {
      expect(snsCertificateUrl(url)?.toString(), url).toBe(url);
    }
  });

  it("refuses look-alike hosts, other schemes, credentials and other files", () => {
    withSettings({});
    for (const url of [
      "https://evil.com/sns.us-east-1.amazonaws.com/SimpleNotificationService-abc.pem",
      "https://sns.us-east-1.amazonaws.com.evil.com/SimpleNotificationService-abc.pem",
      "https://sns.us-east-1.amazonaws.com.cn.evil.com/SimpleNotificationService-abc.pem",
      "https://evilsns.us-east-1.amazonaws.com/SimpleNotificationService-abc.pem",
      "https://sns.us-east-1.evil.amazonaws.com/SimpleNotificationService-abc.pem",
      "https://sns.us-east-1.amazonaws.com@evil.com/SimpleNotificationService-abc.pem",
      "https://me:pw@sns.us-east-1.amazonaws.com/SimpleNotificationService-abc.pem",
      "http://sns.us-east-1.amazonaws.com/SimpleNotificationService-abc.pem",
      "ftp://sns.us-east-1.amazonaws.com/SimpleNotificationService-abc.pem",
      "https://sns.us-east-1.amazonaws.com/SimpleNotificationService-abc.pem.txt",
      "https://sns.us-east-1.amazonaws.com/?x=.pem",
      "not a url",
    ]) {
      expect(snsCertificateUrl(url), url).toBeNull();
    }
    expect(snsCertificateUrl(undefined)).toBeNull();
  });

  it("matches SNS_CERT_HOST against the whole host name, however it is written", () => {
    withSettings({ SNS_CERT_HOST: String.raw`sns\.[a-z0-9-]+\.amazonaws\.com` });
    expect(snsCertificateUrl("https://sns.us-east-1.amazonaws.com/a.pem")).not.toBeNull();
    expect(snsCertificateUrl("https://sns.us-east-1.amazonaws.com.evil.com/a.pem")).toBeNull();
    expect(snsCertificateUrl("https://xsns.us-east-1.amazonaws.com/a.pem")).toBeNull();
    withSettings({ SNS_CERT_HOST: String.raw`127\.0\.0\.1|sns\.test` });
    expect(snsCertificateUrl("http://127.0.0.1:8080/a.pem")).not.toBeNull();
    expect(snsCertificateUrl("https://sns.test/a.pem")).not.toBeNull();
    expect(snsCertificateUrl("https://127.0.0.1.evil.com/a.pem")).toBeNull();
    expect(snsCertificateUrl("https://evil.sns.test/a.pem")).toBeNull();
    // Plain http only ever for this machine, which only a test serves certificates from.
    expect(snsCertificateUrl("http://sns.test/a.pem")).toBeNull();
  });

  it("sends subscription confirmations to the same hosts only", () => {
    withSettings({});
    expect(
      allowedSnsUrl("https://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription&Token=x"),
    ).not.toBeNull();
    expect(
      allowedSnsUrl("https://sns.eu-west-1.amazonaws.com.evil.com/?Action=ConfirmSubscription"),
    ).toBeNull();
  });
});

describe("SES_SNS_TOPIC_ARNS", () => {
  const ARN = "arn:aws:sns:eu-west-1:123456789012:ses-bounces";

  it("is a comma-separated list of topic ARNs, empty by default", () => {
    expect(parseEnv({}).newsletter.snsTopicArns).toEqual([]);
    expect(
      parseEnv({ SES_SNS_TOPIC_ARNS: ` ${ARN}, arn:aws-cn:sns:cn-north-1:123456789012:bounces.fifo ,` })
        .newsletter.snsTopicArns,
    ).toEqual([ARN, "arn:aws-cn:sns:cn-north-1:123456789012:bounces.fifo"]);
  });

  it("names what is not a topic ARN", () => {
    expect(() => parseEnv({ SES_SNS_TOPIC_ARNS: `${ARN},ses-bounces` })).toThrow(
      /SES_SNS_TOPIC_ARNS: "ses-bounces" is not an SNS topic ARN/,
    );
  });
});
