import { useRef } from 'react';
import { Link } from 'react-router';
import { useNearViewport } from '../lib/near-viewport';
import { QrImage, useQrTargets } from './AppQr';
import { footerHelp, useHelpCategories, useLinks, useSite } from './api/site';

const promises = [
  ['正', '正品保障', '资质齐全 来源可溯'],
  ['省', '批发价格', '厂商直供 阶梯优惠'],
  ['快', '极速配送', '48小时内发货'],
  ['退', '售后无忧', '质量问题 包退包换'],
];

/** Footer (spec 1): service promises, help list (first 4 children), licences, notices, QR codes, links. */
export function Footer() {
  // The help list and the links are fetched when the footer comes near: two calls fewer in every
  // page's first load (the site settings are the header's too).
  const box = useRef<HTMLElement>(null);
  const near = useNearViewport(box);
  const help = useHelpCategories(near);
  const site = useSite();
  const links = useLinks(near);
  const targets = useQrTargets();
  const footer = site.data?.footer;
  return (
    <footer ref={box} className="sh-footer" data-testid="footer">
      <div className="sh-footer__promises">
        <div className="sh-container sh-footer__promise-row">
          {promises.map(([icon, title, text]) => (
            <div key={title} className="sh-footer__promise">
              <span className="sh-footer__promise-icon">{icon}</span>
              <div>
                <strong>{title}</strong>
                <small>{text}</small>
              </div>
            </div>
          ))}
        </div>
      </div>
      <div className="sh-container sh-footer__main">
        <div className="sh-footer__help">
          {footerHelp(help.data ?? []).map((category) => (
            <dl key={category.id} data-testid="footer-help">
              <dt>{category.name}</dt>
              {category.children.map((child) => (
                <dd key={child.id}>
                  <Link to={child.url}>{child.name}</Link>
                </dd>
              ))}
            </dl>
          ))}
        </div>
        <div className="sh-footer__qr">
          <figure>
            <QrImage value={targets.wechat} label="公众号二维码" size={96} whenSeen />
            <figcaption>关注公众号</figcaption>
          </figure>
          <figure>
            <QrImage value={targets.app} label="手机APP下载二维码" size={96} whenSeen />
            <figcaption>下载手机APP</figcaption>
          </figure>
        </div>
      </div>
      {links.data && links.data.length > 0 && (
        <div className="sh-container sh-footer__links">
          <span>友情链接：</span>
          {links.data.map((link) => (
            <a key={link.url} href={link.url} target="_blank" rel="noopener noreferrer">
              {link.name}
            </a>
          ))}
        </div>
      )}
      <div className="sh-footer__legal">
        <div className="sh-container">
          {footer ? (
            <>
              <p className="sh-footer__licences">
                {footer.licences.map((licence) => (
                  <span key={licence.name}>
                    {licence.name}：{licence.number}
                  </span>
                ))}
              </p>
              {footer.notices.map((notice) => (
                <p key={notice}>{notice}</p>
              ))}
              <p>
                {footer.company} &nbsp; 地址：{footer.address} &nbsp; {footer.icp}
              </p>
            </>
          ) : (
            <p>药采 · 药店诊所一站式医药采购平台</p>
          )}
        </div>
      </div>
    </footer>
  );
}
