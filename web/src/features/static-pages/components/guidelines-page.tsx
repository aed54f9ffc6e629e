import { Link } from 'react-router-dom';
import { paths } from '@web/config/paths';
import { ContactLink } from '@web/components/contact-link';
import { StaticPage, type StaticSection } from './static-page';

const sections: StaticSection[] = [
  {
    id: 'guidelines-good-quiz',
    title: '1. 歓迎するクイズ',
    body: (
      <ul>
        <li>問題文と選択肢がはっきりしていて、正解がひとつに決まるクイズ</li>
        <li>正解の理由がわかる解説があるクイズ</li>
        <li>出典を確かめた、正確な内容のクイズ</li>
        <li>初めて遊ぶ人にも配慮した、カテゴリと難易度が合っているクイズ</li>
      </ul>
    ),
  },
  {
    id: 'guidelines-prohibited',
    title: '2. 禁止している内容',
    body: (
      <>
        <p>
          次のような内容は、クイズのタイトル・説明・問題・選択肢・解説、ニックネーム、マルチプレイのチャットのどこにも投稿しないでください。
        </p>
        <ul>
          <li>特定の人や集団への誹謗中傷、差別、脅迫、嫌がらせ</li>
          <li>暴力的・性的に過激な表現、自傷や犯罪をあおる内容</li>
          <li>実在する人の個人情報（氏名と住所、電話番号、学校名など）</li>
          <li>書籍・試験問題・他サイトの問題などを権利者の許可なく転載したもの</li>
          <li>事実と異なることを意図的に正解として広める内容</li>
          <li>宣伝・勧誘・外部サイトへの誘導を目的とした内容、同じクイズの大量投稿</li>
          <li>運営や他の会員になりすます内容（「みんなのクイズ編集部」を名乗るなど）</li>
        </ul>
      </>
    ),
  },
  {
    id: 'guidelines-report',
    title: '3. 気になるクイズを見つけたら',
    body: (
      <p>
        クイズカードの「︙」メニューから「報告する」を選び、理由（不適切な内容、スパム、著作権侵害、内容の誤り、その他）を送ってください。報告した人の名前が作成者に知らされることはありません。作成者は、自分のクイズに届いた報告の内容をマイクイズで確認できます。
      </p>
    ),
  },
  {
    id: 'guidelines-sanctions',
    title: '4. 違反があった場合の措置',
    body: (
      <>
        <p>
          報告されたクイズは運営が確認します。違反の内容や回数に応じて、次の順に重い措置をとります。悪質な場合は、最初から重い措置をとることがあります。
        </p>
        <ol className="static-steps">
          <li>
            <strong>警告</strong>: 問題のある点をお知らせし、修正をお願いします。
          </li>
          <li>
            <strong>コンテンツの削除</strong>:
            クイズを非表示にし、ほかの人から見えなくします。非表示の間に行った編集は記録され、運営が確認します。
          </li>
          <li>
            <strong>機能の制限</strong>: クイズの作成や公開など、一部の機能を使えなくします。
          </li>
          <li>
            <strong>アカウントの一時停止</strong>: 10分から数日など、期間を決めてログインできなくします。
          </li>
          <li>
            <strong>アカウントの削除</strong>: アカウントを永久に停止し、再びログインできなくします。
          </li>
        </ol>
      </>
    ),
  },
  {
    id: 'guidelines-appeal',
    title: '5. 措置に異議がある場合',
    body: (
      <p>
        措置の内容に心当たりがない場合や、誤りだと思われる場合は、
        <ContactLink />
        から、ユーザー名と対象のクイズ名を添えてご連絡ください。運営が改めて確認し、結果をお知らせします。
      </p>
    ),
  },
  {
    id: 'guidelines-related',
    title: '6. 関連する決まり',
    body: (
      <p>
        このガイドラインは<Link to={paths.terms}>利用規約</Link>
        の一部です。ガイドラインに書かれていないことも、利用規約の禁止事項にあたる場合は同じように扱います。
      </p>
    ),
  },
];

/** '/guidelines': what may be posted, and what happens when it is not. */
export function GuidelinesPage() {
  return (
    <StaticPage
      title="コンテンツガイドライン"
      lead={
        <p>
          誰もが気持ちよくクイズを作り、遊べる場所であるために、投稿していただく内容についての決まりをまとめました。
        </p>
      }
      updated="2024-12-17"
      sections={sections}
    />
  );
}
